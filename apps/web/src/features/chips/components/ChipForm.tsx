import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useNavigate } from 'react-router';
import { LIMITES } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { chipFormSchema, type Chip, type ChipForm as ChipFormValues } from '@rastro/shared/schemas/chips';
import { Form } from '@/components/form/Form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { Spinner } from '@/components/Spinner';
import { reportSaveError } from '@/lib/form-errors';
import { useReturnPath } from '@/lib/list-return';
import { mostrarSucesso } from '@/lib/snackbar';
import { paths } from '@/paths';
import { useChip } from '../api/get-chip';
import { useSalvarChip } from '../api/salvar-chip';
import { FormActions } from '@/components/form/FormActions';
import { LoadError } from '@/components/LoadError';

const CAMPOS = ['descricao', 'numero'] as const;

interface ChipFormFieldsProps {
  chip?: Chip;
}

function ChipFormFields({ chip }: ChipFormFieldsProps) {
  const titleId = useId();
  const salvar = useSalvarChip();
  const navigate = useNavigate();
  const voltar = useReturnPath(paths.admin.chips.list.getHref());
  const defaults: ChipFormValues = chip ? { id: chip.id, descricao: chip.descricao, numero: chip.numero } : { descricao: '', numero: '' };

  return (
    <Card variant="outlined">
      <CardContent>
        <Form
          schema={chipFormSchema}
          defaultValues={defaults}
          aria-labelledby={titleId}
          onSubmit={async (values, form) => {
            try {
              await salvar.mutateAsync(values);
              mostrarSucesso(MSG.chipSalvo);
              await navigate(voltar);
            } catch (e) {
              reportSaveError(e, form.setError, CAMPOS);
            }
          }}
        >
          {({ control, formState }) => (
            <Stack spacing={3}>
              <Typography id={titleId} variant="h6" component="h2">
                {chip ? 'Editar' : 'Cadastrar'}
              </Typography>
              <Grid container spacing={2}>
                <Grid size={{ xs: 12, md: 8 }}>
                  <TextFieldControl control={control} name="descricao" label="Descrição" required maxLength={LIMITES.descricao} />
                </Grid>
                <Grid size={{ xs: 12, md: 4 }}>
                  <MaskedFieldControl
                    control={control}
                    name="numero"
                    label="Número"
                    required
                    mask={MASCARA.telefoneOuCelular}
                    inputMode="tel"
                  />
                </Grid>
              </Grid>
              <FormActions voltar={voltar} saving={formState.isSubmitting} />
            </Stack>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}

function EditarChip({ id }: { id: number }) {
  const chip = useChip(id);
  const voltar = useReturnPath(paths.admin.chips.list.getHref());
  if (chip.isPending) return <Spinner />;
  if (chip.isError) {
    return <LoadError voltar={voltar} />;
  }
  return <ChipFormFields chip={chip.data} />;
}

/** /admin/chips/cadastrar and /admin/chips/editar/:id. Saving returns to the list as it was. */
export function ChipForm({ id }: { id?: number }) {
  return id === undefined ? <ChipFormFields /> : <EditarChip id={id} />;
}
