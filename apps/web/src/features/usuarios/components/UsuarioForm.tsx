import Alert from '@mui/material/Alert';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { FormProvider, type DefaultValues } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { EnderecoFields } from '@/components/endereco/EnderecoFields';
import { SEXO_OPCOES, Secao } from '@/components/pessoa/Secao';
import { TelefonesFields } from '@/components/pessoa/TelefonesFields';
import { Form, type FormApi } from '@/components/form/Form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { SelectControl } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { Spinner } from '@/components/Spinner';
import { reportSaveError } from '@/lib/form-errors';
import { useReturnPath } from '@/lib/list-return';
import { useNiveis } from '@/lib/lookups/get-niveis';
import { mostrarSucesso } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useSalvarUsuario } from '../api/salvar-usuario';
import { CAMPOS_USUARIO, telaParaPayload, usuarioTelaSchema, type UsuarioTelaInput, type UsuarioTelaOutput } from './usuario-form-values';
import { FormActions } from '@/components/form/FormActions';

interface UsuarioFormProps {
  /** The user being edited; none when creating. */
  id?: number;
  defaultValues: DefaultValues<UsuarioTelaInput>;
}

/** Personal data, address and 'Perfil' (level) of a user; Salvar goes back to the list. */
export function UsuarioForm({ id, defaultValues }: UsuarioFormProps) {
  const navigate = useNavigate();
  const voltar = useReturnPath(paths.admin.usuarios.list.getHref());
  const niveis = useNiveis();
  const salvar = useSalvarUsuario();

  // The level select waits for its options, so a stored level never shows as out of range.
  if (niveis.isPending) return <Spinner />;

  const onSubmit = async (values: UsuarioTelaOutput, form: FormApi<typeof usuarioTelaSchema>) => {
    try {
      await salvar.mutateAsync(telaParaPayload(values, id));
    } catch (e) {
      // 409: a duplicate e-mail or CPF goes on its field.
      reportSaveError(e, form.setError, CAMPOS_USUARIO, MSG.servicoIndisponivel);
      return;
    }
    mostrarSucesso(MSG.usuarioSalvo);
    await navigate(voltar);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Form schema={usuarioTelaSchema} defaultValues={defaultValues} onSubmit={onSubmit} aria-label="Usuário">
        {(form) => {
          const { control, formState } = form;
          return (
            <FormProvider {...form}>
              <Stack spacing={4}>
                <Secao titulo="Dados Pessoais">
                  <Grid container spacing={2}>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <TextFieldControl control={control} name="nome" label="Nome" required maxLength={LIMITES.nome} autoComplete="off" />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <TextFieldControl
                        control={control}
                        name="email"
                        label="E-mail"
                        type="email"
                        required
                        maxLength={LIMITES.email}
                        autoComplete="off"
                      />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                      <MaskedFieldControl control={control} name="cpf" label="CPF" mask={MASCARA.cpf} required autoComplete="off" />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                      <MaskedFieldControl
                        control={control}
                        name="dataNascimento"
                        label="Data de Nascimento"
                        mask={MASCARA.data}
                        placeholder="DD/MM/AAAA"
                        autoComplete="off"
                      />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                      <TextFieldControl control={control} name="rg" label="RG" maxLength={15} autoComplete="off" />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 3 }}>
                      <SelectControl control={control} name="sexo" label="Sexo" options={SEXO_OPCOES} emptyLabel="Selecione" />
                    </Grid>
                    <TelefonesFields />
                  </Grid>
                </Secao>
                <Secao titulo="Endereço">
                  <EnderecoFields />
                </Secao>
                <Secao titulo="Perfil">
                  <Grid container spacing={2}>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <SelectControl
                        control={control}
                        name="nivelId"
                        label="Perfil"
                        required
                        emptyLabel="Selecione"
                        options={(niveis.data ?? []).map((n) => ({ value: n.id, label: n.nome }))}
                      />
                    </Grid>
                  </Grid>
                </Secao>
                {id === undefined && <Alert severity="info">O usuário receberá um e-mail com um link para criar a senha de acesso.</Alert>}
                <FormActions voltar={voltar} saving={formState.isSubmitting} />
              </Stack>
            </FormProvider>
          );
        }}
      </Form>
    </Paper>
  );
}
