import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import { useId, useState } from 'react';
import { Controller } from 'react-hook-form';
import { LINK_COMPARTILHADO } from '@rastro/shared/constants';
import { linkFormSchema, type LinkCriado as LinkCriadoDados } from '@rastro/shared/schemas/links';
import { Form } from '@/components/form/Form';
import { SelectControl } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { useCelular } from '@/lib/use-celular';
import { useCriarLink } from '../api/criar-link';
import { mensagemDeErro } from '@/lib/api-error';
import { OPCOES_VALIDADE_LINK } from './formatar';
import { LinkCriado } from './LinkCriado';
import { LinksAtivos } from './LinksAtivos';
import type { PetAlvo } from './ModoPerdidoDialog';

interface CompartilharDialogProps {
  pet: PetAlvo;
  open: boolean;
  onClose: () => void;
}

/** Creates a share link anyone can open without an account, and lists and revokes the active ones. */
export function CompartilharDialog({ pet, open, onClose }: CompartilharDialogProps) {
  const titleId = useId();
  const formTitleId = useId();
  const telefoneAjudaId = useId();
  const celular = useCelular();
  const criar = useCriarLink();
  const [criado, setCriado] = useState<{ link: LinkCriadoDados; mensagem: string | undefined } | null>(null);
  const [erro, setErro] = useState<string | null>(null);

  const fechar = () => {
    setCriado(null);
    setErro(null);
    onClose();
  };

  const criarLink = async (horas: number, mensagem: string | undefined, compartilharTelefone: boolean) => {
    setErro(null);
    try {
      const link = await criar.mutateAsync({ id: pet.id, horas, ...(mensagem ? { mensagem } : {}), compartilharTelefone });
      setCriado({ link, mensagem });
    } catch (e) {
      setErro(mensagemDeErro(e, 'Erro ao criar o link, tente novamente.'));
    }
  };

  // On a phone the dialog fills the screen and closes from its top bar: a bar of buttons at the
  // bottom would sit over the end of the links list. Its notices are written inside it, where they
  // happened, not in snackbars that would float over it.
  return (
    <Dialog open={open} onClose={fechar} aria-labelledby={titleId} fullScreen={celular} maxWidth="sm" fullWidth>
      <Box sx={{ display: 'flex', alignItems: 'center', pr: celular ? 1 : 0 }}>
        <DialogTitle
          id={titleId}
          sx={{ flexGrow: 1, minWidth: 0, overflowWrap: 'anywhere' }}
        >{`Compartilhar ${pet.descricao}`}</DialogTitle>
        {celular && (
          <IconButton aria-label="Fechar" onClick={fechar} sx={{ width: 48, height: 48 }}>
            <CloseIcon />
          </IconButton>
        )}
      </Box>
      <DialogContent>
        <Stack spacing={2.5}>
          <DialogContentText>
            Quem abrir o link vê, sem precisar de conta, a foto e a última posição do pet, o rastro das últimas 2 horas e a sua mensagem —
            e, se você quiser, o seu celular para ligar.
          </DialogContentText>
          {criado && <LinkCriado link={criado.link} descricao={pet.descricao} mensagem={criado.mensagem} />}
          <Form
            schema={linkFormSchema}
            defaultValues={{ horas: LINK_COMPARTILHADO.horasPadrao, mensagem: '', compartilharTelefone: false }}
            onSubmit={(v) => criarLink(v.horas, v.mensagem?.trim() || undefined, v.compartilharTelefone)}
            aria-labelledby={formTitleId}
          >
            {(form) => {
              const mensagem = form.watch('mensagem');
              const usados = typeof mensagem === 'string' ? mensagem.length : 0;
              return (
                <Stack spacing={2}>
                  <DialogContentText id={formTitleId} component="h3" sx={{ fontWeight: 600, color: 'text.primary' }}>
                    {criado ? 'Criar outro link' : 'Novo link'}
                  </DialogContentText>
                  <SelectControl control={form.control} name="horas" label="Validade" options={OPCOES_VALIDADE_LINK} />
                  <TextFieldControl
                    control={form.control}
                    name="mensagem"
                    label="Mensagem (opcional)"
                    placeholder="Se encontrar, ligue (11) 98888-7777"
                    uppercase={false}
                    multiline
                    minRows={2}
                    maxLength={LINK_COMPARTILHADO.mensagemMax}
                    slotProps={{ htmlInput: { autoCapitalize: 'sentences' } }}
                    helperText={`${usados}/${LINK_COMPARTILHADO.mensagemMax} caracteres`}
                  />
                  <Controller
                    control={form.control}
                    name="compartilharTelefone"
                    render={({ field }) => (
                      <Box>
                        <FormControlLabel
                          control={
                            <Checkbox
                              checked={field.value === true}
                              onChange={(e) => field.onChange(e.target.checked)}
                              onBlur={field.onBlur}
                              slotProps={{ input: { ref: field.ref, 'aria-describedby': telefoneAjudaId } }}
                            />
                          }
                          label="Mostrar meu telefone para quem encontrar"
                          sx={{ minHeight: 44 }}
                        />
                        <FormHelperText id={telefoneAjudaId} sx={{ mt: 0, ml: 4 }}>
                          O celular do seu cadastro aparece na página do link, para quem encontrar o pet ligar.
                        </FormHelperText>
                      </Box>
                    )}
                  />
                  <Button type="submit" variant="contained" loading={criar.isPending} sx={{ alignSelf: 'flex-start', minHeight: 44 }}>
                    Criar link
                  </Button>
                  {erro && <Alert severity="error">{erro}</Alert>}
                </Stack>
              );
            }}
          </Form>
          <Divider />
          <LinksAtivos id={pet.id} />
        </Stack>
      </DialogContent>
      {!celular && (
        <DialogActions>
          <Button onClick={fechar} variant="outlined" sx={{ minHeight: 44 }}>
            Fechar
          </Button>
        </DialogActions>
      )}
    </Dialog>
  );
}
