import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { z } from 'zod/mini';
import { BANCOS_PIX, MSG_PIX, PIX_AUTOMATICO } from '@rastro/shared/pix';
import { formatarCentavos } from '@rastro/shared/formatters';
import { MSG } from '@rastro/shared/messages';
import {
  contaPagadorSchema,
  FORMAS_PAGAMENTO,
  type Assinatura,
  type AssinaturaForm,
  type FormaPagamento,
} from '@rastro/shared/schemas/pagamentos';
import { Form, type FormApi } from '@/components/form/Form';
import { SelectControl } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { isApiError, mensagemDeErro } from '@/lib/api-error';
import { useAppConfig } from '@/lib/app-config';
import { useAssinar } from '../api/assinar';
import { usePlanosAtivos } from '../api/get-planos';
import { POR_PERIODO } from './formatar';

/**
 * How to pay, as typed: the payer's account is only asked (and checked by the shared schema's own
 * rules and messages) with Pix Automático.
 */
const telaSchema = z
  .object({
    forma: z.enum(FORMAS_PAGAMENTO, { error: MSG.campoInvalido }),
    ispb: z.string(),
    agencia: z.string(),
    conta: z.string(),
  })
  .check(
    z.superRefine((v, ctx) => {
      if (v.forma !== 'PIX_AUTOMATICO') return;
      const conta = contaPagadorSchema.safeParse({ ispb: v.ispb, agencia: v.agencia, conta: v.conta });
      if (conta.success) return;
      for (const issue of conta.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }),
  );
type TelaAssinar = typeof telaSchema;
type CampoDaTela = 'forma' | 'ispb' | 'agencia' | 'conta';

/** The API's field names on the form's fields ('contaPagador' as a whole: the bank, the group's first field). */
const CAMPO_NA_TELA: Record<string, CampoDaTela> = {
  forma: 'forma',
  contaPagador: 'ispb',
  'contaPagador.ispb': 'ispb',
  'contaPagador.agencia': 'agencia',
  'contaPagador.conta': 'conta',
};

/** Puts the server's field errors (a 400) on the fields on the screen, the first one focused; false when it named none of them. */
function errosNosCampos(e: unknown, form: FormApi<TelaAssinar>, naTela: ReadonlySet<CampoDaTela>): boolean {
  if (!isApiError(e) || e.handled) return false;
  let postos = 0;
  for (const { campo, message } of e.body?.errors ?? []) {
    const nome = Object.hasOwn(CAMPO_NA_TELA, campo) ? CAMPO_NA_TELA[campo] : undefined;
    if (!nome || !naTela.has(nome)) continue;
    form.setError(nome, { type: 'server', message }, { shouldFocus: postos === 0 });
    postos += 1;
  }
  return postos > 0;
}

const FORMAS: readonly { forma: FormaPagamento; rotulo: string; dica: string }[] = [
  { forma: 'PIX', rotulo: 'Pix a cada período', dica: 'Você recebe o código Pix antes de cada vencimento.' },
  {
    forma: 'PIX_AUTOMATICO',
    rotulo: 'Pix Automático',
    dica: 'Autorize uma vez no app do seu banco; as próximas cobranças são debitadas no vencimento. A primeira você paga agora com Pix.',
  },
];

const BANCOS = BANCOS_PIX.map((b) => ({ value: b.ispb, label: b.nome }));

export interface PetSemAssinatura {
  /** The owner's link. */
  id: number;
  descricao: string;
}

interface AssinarDialogProps {
  pet: PetSemAssinatura | null;
  onClose: () => void;
  /** The subscription was made; its first charge is due today. */
  onAssinado: (a: Assinatura) => void;
}

/**
 * Chooses a plan for one pet and subscribes it, paid by Pix each period or, when the server offers
 * it, by Pix Automático (the owner's account is then asked; the first charge is still paid now by Pix).
 */
export function AssinarDialog({ pet, onClose, onAssinado }: AssinarDialogProps) {
  const titleId = useId();
  const formId = useId();
  const formaId = useId();
  const dicaId = useId();
  const automatico = useAppConfig().data?.pagamentos.automatico ?? false;
  const planos = usePlanosAtivos(pet !== null);
  const assinar = useAssinar();
  const [escolhido, setEscolhido] = useState<number | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const lista = planos.data ?? [];
  const planoId = escolhido ?? lista[0]?.id ?? null;
  // The choice of how to pay, with plans to choose from.
  const comEscolha = automatico && lista.length > 0;

  const fechar = () => {
    setErro(null);
    setEscolhido(null);
    onClose();
  };

  const confirmar = async (v: z.output<TelaAssinar>, form: FormApi<TelaAssinar>) => {
    if (!pet || planoId === null) return;
    setErro(null);
    const forma = comEscolha ? v.forma : 'PIX';
    const corpo: AssinaturaForm =
      forma === 'PIX_AUTOMATICO'
        ? {
            usuarioRastreadorId: pet.id,
            planoId,
            forma,
            contaPagador: { ispb: v.ispb, ...(v.agencia ? { agencia: v.agencia } : {}), conta: v.conta },
          }
        : { usuarioRastreadorId: pet.id, planoId, forma };
    try {
      const a = await assinar.mutateAsync(corpo);
      setEscolhido(null);
      onAssinado(a);
    } catch (e) {
      const naTela = new Set<CampoDaTela>(forma === 'PIX_AUTOMATICO' ? ['forma', 'ispb', 'agencia', 'conta'] : comEscolha ? ['forma'] : []);
      if (errosNosCampos(e, form, naTela)) return;
      // The owner's bank could not be asked for the authorisation (a 502 of its own).
      if (forma === 'PIX_AUTOMATICO' && isApiError(e) && e.status === 502) setErro(MSG_PIX.pixAutomaticoFalhou);
      else setErro(mensagemDeErro(e, 'Não foi possível assinar agora. Tente novamente.'));
    }
  };

  return (
    <Dialog open={pet !== null} onClose={fechar} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId} sx={{ overflowWrap: 'anywhere' }}>
        {pet ? `Assinar para ${pet.descricao}` : 'Assinar'}
      </DialogTitle>
      <DialogContent>
        {pet !== null && (
          <Form
            schema={telaSchema}
            id={formId}
            aria-labelledby={titleId}
            defaultValues={{ forma: 'PIX', ispb: '', agencia: '', conta: '' }}
            onSubmit={confirmar}
          >
            {(form) => {
              const forma = form.watch('forma');
              return (
                <Stack spacing={2}>
                  <DialogContentText>Escolha o plano. A primeira cobrança vence hoje e você paga com Pix.</DialogContentText>
                  {planos.isPending ? (
                    <Stack spacing={1}>
                      <Skeleton height={56} />
                      <Skeleton height={56} />
                    </Stack>
                  ) : planos.isError ? (
                    <Alert
                      severity="error"
                      action={
                        <Button color="inherit" size="small" onClick={() => void planos.refetch()}>
                          Tentar novamente
                        </Button>
                      }
                    >
                      Não foi possível carregar os planos.
                    </Alert>
                  ) : lista.length === 0 ? (
                    <Alert severity="info">Nenhum plano disponível no momento.</Alert>
                  ) : (
                    <RadioGroup
                      aria-label="Plano"
                      value={planoId === null ? '' : String(planoId)}
                      onChange={(e) => setEscolhido(Number(e.target.value))}
                    >
                      {lista.map((p) => (
                        <FormControlLabel
                          key={p.id}
                          value={String(p.id)}
                          control={<Radio />}
                          sx={{ alignItems: 'flex-start', py: 0.5, '& .MuiRadio-root': { mt: -0.5 } }}
                          label={
                            <span>
                              <Typography component="span" sx={{ fontWeight: 600, display: 'block' }}>
                                {`${p.nome}: ${formatarCentavos(p.valorCentavos)} ${POR_PERIODO[p.periodo]}`}
                              </Typography>
                              {p.descricao && (
                                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                                  {p.descricao}
                                </Typography>
                              )}
                            </span>
                          }
                        />
                      ))}
                    </RadioGroup>
                  )}
                  {comEscolha && (
                    <Controller
                      control={form.control}
                      name="forma"
                      render={({ field, fieldState }) => (
                        <FormControl component="fieldset" error={fieldState.invalid} sx={{ minWidth: 0 }}>
                          <FormLabel component="legend" id={formaId} sx={{ fontWeight: 600, color: 'text.primary', mb: 0.5 }}>
                            Como pagar
                          </FormLabel>
                          <RadioGroup
                            aria-labelledby={formaId}
                            name={field.name}
                            value={field.value}
                            onChange={(e) => field.onChange(e.target.value)}
                            onBlur={field.onBlur}
                          >
                            {FORMAS.map((f) => (
                              <Stack key={f.forma} sx={{ py: 0.5 }}>
                                <FormControlLabel
                                  value={f.forma}
                                  control={
                                    <Radio
                                      slotProps={{
                                        // The chosen option takes the focus of a refused 'forma'.
                                        input: {
                                          ref: field.value === f.forma ? field.ref : undefined,
                                          'aria-describedby': `${dicaId}-${f.forma}`,
                                        },
                                      }}
                                    />
                                  }
                                  label={f.rotulo}
                                  sx={{ minHeight: 44, mr: 0, '& .MuiFormControlLabel-label': { fontWeight: 600 } }}
                                />
                                <FormHelperText id={`${dicaId}-${f.forma}`} sx={{ mt: 0, ml: 4, color: 'text.secondary' }}>
                                  {f.dica}
                                </FormHelperText>
                              </Stack>
                            ))}
                          </RadioGroup>
                          {fieldState.error?.message && <FormHelperText>{fieldState.error.message}</FormHelperText>}
                        </FormControl>
                      )}
                    />
                  )}
                  {comEscolha && forma === 'PIX_AUTOMATICO' && (
                    <Stack spacing={2}>
                      <SelectControl
                        control={form.control}
                        name="ispb"
                        label="Banco"
                        required
                        options={BANCOS}
                        emptyLabel="Escolha o banco"
                      />
                      <TextFieldControl
                        control={form.control}
                        name="agencia"
                        label="Agência (opcional)"
                        numeric
                        maxLength={PIX_AUTOMATICO.agenciaMax}
                        autoComplete="off"
                      />
                      <TextFieldControl
                        control={form.control}
                        name="conta"
                        label="Conta"
                        required
                        numeric
                        maxLength={PIX_AUTOMATICO.contaMax}
                        autoComplete="off"
                        helperText="Só os números, com o dígito."
                      />
                    </Stack>
                  )}
                  {erro && <Alert severity="error">{erro}</Alert>}
                </Stack>
              );
            }}
          </Form>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={fechar}>Cancelar</Button>
        <Button type="submit" form={formId} variant="contained" disabled={planoId === null || assinar.isPending}>
          Assinar e pagar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
