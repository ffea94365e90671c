import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { FormProvider } from 'react-hook-form';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { EnderecoFields } from '@/components/endereco/EnderecoFields';
import { SEXO_OPCOES, Secao } from '@/components/pessoa/Secao';
import { TelefonesFields } from '@/components/pessoa/TelefonesFields';
import { Form, type FormApi } from '@/components/form/Form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { SelectControl } from '@/components/form/SelectControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { reportSaveError } from '@/lib/form-errors';
import { mostrarSucesso } from '@/lib/snackbar';
import { useSalvarMinhaConta } from '../api/salvar-minha-conta';
import {
  CAMPOS_MINHA_CONTA,
  detalheParaTela,
  minhaContaTelaSchema,
  telaParaPayload,
  type MinhaContaTelaOutput,
} from './minha-conta-values';

/**
 * The user's own data. Name, birth date and e-mail are shown but not edited; the CPF only while
 * the account has none (spec §2).
 */
export function MinhaContaForm({ usuario }: { usuario: UsuarioDetalhe }) {
  const salvar = useSalvarMinhaConta();
  const cpfDefinido = Boolean(usuario.cpf);

  const onSubmit = async (values: MinhaContaTelaOutput, form: FormApi<typeof minhaContaTelaSchema>) => {
    let salvo: UsuarioDetalhe;
    try {
      salvo = await salvar.mutateAsync(telaParaPayload(values, usuario));
    } catch (e) {
      reportSaveError(e, form.setError, CAMPOS_MINHA_CONTA, MSG.servicoIndisponivel);
      return;
    }
    form.reset(detalheParaTela(salvo));
    mostrarSucesso(MSG.dadosAtualizados);
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, md: 3 } }}>
      <Form schema={minhaContaTelaSchema} defaultValues={detalheParaTela(usuario)} onSubmit={onSubmit} aria-label="Minha conta">
        {(form) => {
          const { control, formState } = form;
          return (
            <FormProvider {...form}>
              <Stack spacing={4}>
                <Secao titulo="Dados Pessoais">
                  <Grid container spacing={2}>
                    <Grid size={{ xs: 12, md: 8 }}>
                      <TextFieldControl control={control} name="nome" label="Nome" disabled maxLength={LIMITES.nome} />
                    </Grid>
                    <Grid size={{ xs: 12, md: 4 }}>
                      <MaskedFieldControl
                        control={control}
                        name="dataNascimento"
                        label="Data de Nascimento"
                        mask={MASCARA.data}
                        placeholder="DD/MM/AAAA"
                        disabled
                      />
                    </Grid>
                    <Grid size={{ xs: 12, md: 6 }}>
                      <TextFieldControl control={control} name="email" label="E-mail" type="email" disabled maxLength={LIMITES.email} />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 6 }}>
                      <MaskedFieldControl
                        control={control}
                        name="cpf"
                        label="CPF"
                        mask={MASCARA.cpf}
                        required={!cpfDefinido}
                        disabled={cpfDefinido}
                        autoComplete="off"
                      />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 6 }}>
                      <TextFieldControl control={control} name="rg" label="RG" maxLength={15} autoComplete="off" />
                    </Grid>
                    <Grid size={{ xs: 12, sm: 6, md: 6 }}>
                      <SelectControl control={control} name="sexo" label="Sexo" options={SEXO_OPCOES} emptyLabel="Selecione" />
                    </Grid>
                    <TelefonesFields autoCompleteCelular="tel" />
                  </Grid>
                </Secao>
                <Secao titulo="Endereço">
                  <EnderecoFields />
                </Secao>
                <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
                  <Button type="submit" variant="contained" loading={formState.isSubmitting}>
                    Atualizar
                  </Button>
                </Stack>
              </Stack>
            </FormProvider>
          );
        }}
      </Form>
    </Paper>
  );
}
