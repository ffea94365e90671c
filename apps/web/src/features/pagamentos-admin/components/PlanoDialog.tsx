import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Grid from '@mui/material/Grid';
import { useId, useState } from 'react';
import { z } from 'zod/mini';
import { PLANO } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { planoFormSchema, type Plano } from '@rastro/shared/schemas/pagamentos';
import { Form, type FormApi } from '@/components/form/Form';
import { SelectControl } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { isApiError, mensagemDeErro } from '@/lib/api-error';
import { mostrarSucesso } from '@/lib/snackbar';
import { useSalvarPlano } from '../api/salvar-plano';
import { centavosParaReais, reaisParaCentavos } from './formatar';

/** The form as typed: the amount in reais ('29,90'), the grace days as digits. */
const telaSchema = z.object({
  nome: planoFormSchema.shape.nome,
  descricao: z.string().check(z.trim(), z.maxLength(PLANO.descricaoMax)),
  valor: z.string().check(
    z.refine((v) => {
      const c = reaisParaCentavos(v);
      return c !== null && c >= PLANO.valorMinCentavos && c <= PLANO.valorMaxCentavos;
    }, MSG.valorReaisInvalido),
  ),
  periodo: planoFormSchema.shape.periodo,
  diasCarencia: z.string().check(z.refine((v) => /^\d{1,2}$/.test(v) && Number(v) <= PLANO.diasCarenciaMax, MSG.diasCarenciaInvalido)),
});

type TelaPlano = typeof telaSchema;

/** The API's field names on the form's fields; the amount is typed in reais, so its message speaks of reais. */
const CAMPO_NA_TELA = {
  nome: 'nome',
  descricao: 'descricao',
  valorCentavos: 'valor',
  periodo: 'periodo',
  diasCarencia: 'diasCarencia',
} as const;
const ehCampoDaApi = (campo: string): campo is keyof typeof CAMPO_NA_TELA => Object.hasOwn(CAMPO_NA_TELA, campo);

/** Puts the server's field errors (a 400) on the fields, the first one focused; false when it named none of them. */
function errosNosCampos(e: unknown, form: FormApi<TelaPlano>): boolean {
  if (!isApiError(e) || e.handled) return false;
  let postos = 0;
  for (const { campo, message } of e.body?.errors ?? []) {
    if (!ehCampoDaApi(campo)) continue;
    const nome = CAMPO_NA_TELA[campo];
    form.setError(nome, { type: 'server', message: nome === 'valor' ? MSG.valorReaisInvalido : message }, { shouldFocus: postos === 0 });
    postos += 1;
  }
  return postos > 0;
}

const PERIODOS = [
  { value: 'MENSAL', label: 'Mensal' },
  { value: 'ANUAL', label: 'Anual' },
];

interface PlanoDialogProps {
  /** `null` closed; `'novo'` a new plan; a plan to edit. */
  plano: Plano | 'novo' | null;
  onClose: () => void;
}

/** Creates or edits a plan; a price change applies to new subscriptions only. */
export function PlanoDialog({ plano, onClose }: PlanoDialogProps) {
  const titleId = useId();
  const formId = useId();
  const salvar = useSalvarPlano();
  const [erro, setErro] = useState<string | null>(null);
  const atual = plano === 'novo' ? null : plano;

  const fechar = () => {
    setErro(null);
    onClose();
  };

  return (
    <Dialog open={plano !== null} onClose={fechar} aria-labelledby={titleId} maxWidth="sm" fullWidth>
      <DialogTitle id={titleId}>{atual ? 'Editar plano' : 'Cadastrar plano'}</DialogTitle>
      <DialogContent>
        {plano !== null && (
          <Form
            schema={telaSchema}
            id={formId}
            aria-labelledby={titleId}
            defaultValues={{
              nome: atual?.nome ?? '',
              descricao: atual?.descricao ?? '',
              valor: atual ? centavosParaReais(atual.valorCentavos) : '',
              periodo: atual?.periodo ?? 'MENSAL',
              diasCarencia: String(atual?.diasCarencia ?? PLANO.diasCarenciaPadrao),
            }}
            onSubmit={async (v, form) => {
              setErro(null);
              try {
                await salvar.mutateAsync({
                  ...(atual ? { id: atual.id } : {}),
                  nome: v.nome,
                  descricao: v.descricao,
                  valorCentavos: reaisParaCentavos(v.valor) ?? 0,
                  periodo: v.periodo,
                  diasCarencia: Number(v.diasCarencia),
                });
                mostrarSucesso(atual ? MSG.planoAlterado : MSG.planoCadastrado);
                fechar();
              } catch (e) {
                if (!errosNosCampos(e, form)) setErro(mensagemDeErro(e, MSG.erroSalvarRegistro));
              }
            }}
          >
            {({ control }) => (
              <Grid container spacing={2} sx={{ pt: 1 }}>
                <Grid size={12}>
                  <TextFieldControl control={control} name="nome" label="Nome" required uppercase={false} maxLength={PLANO.nomeMax} />
                </Grid>
                <Grid size={12}>
                  <TextFieldControl
                    control={control}
                    name="descricao"
                    label="Descrição"
                    multiline
                    minRows={2}
                    uppercase={false}
                    maxLength={PLANO.descricaoMax}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextFieldControl
                    control={control}
                    name="valor"
                    label="Valor (R$)"
                    required
                    uppercase={false}
                    placeholder="29,90"
                    slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                  />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <SelectControl control={control} name="periodo" label="Período" required options={PERIODOS} />
                </Grid>
                <Grid size={{ xs: 12, sm: 4 }}>
                  <TextFieldControl control={control} name="diasCarencia" label="Dias de carência" required numeric maxLength={2} />
                </Grid>
                {erro && (
                  <Grid size={12}>
                    <Alert severity="error">{erro}</Alert>
                  </Grid>
                )}
              </Grid>
            )}
          </Form>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={fechar}>Cancelar</Button>
        <Button type="submit" form={formId} variant="contained" disabled={salvar.isPending}>
          Salvar
        </Button>
      </DialogActions>
    </Dialog>
  );
}
