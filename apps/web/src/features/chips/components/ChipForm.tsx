import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
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
import { ButtonLink } from '@/components/ButtonLink';
import { Form } from '@/components/form/Form';
import { MASCARA, MaskedFieldControl } from '@/components/form/MaskedFieldControl';
import { TextFieldControl } from '@/components/form/TextFieldControl';
import { Spinner } from '@/components/Spinner';
import { reportSaveError } from '@/lib/form-errors';
import { useReturnPath } from '@/lib/list-return';
import { notifySuccess } from '@/lib/notify';
import { paths } from '@/paths';
import { useChip } from '../api/get-chip';
import { useSaveChip } from '../api/save-chip';

const CAMPOS = ['descricao', 'numero'] as const;

interface ChipFormFieldsProps {
  chip?: Chip;
}

function ChipFormFields({ chip }: ChipFormFieldsProps) {
  const titleId = useId();
  const save = useSaveChip();
  const navigate = useNavigate();
  const voltar = useReturnPath(paths.admin.chips.list.getHref());
  const defaults: ChipFormValues = chip
    ? { id: chip.id, descricao: chip.descricao, numero: chip.numero }
    : { descricao: '', numero: '' };

  return (
    <Card variant="outlined">
      <CardContent>
        <Form
          schema={chipFormSchema}
          defaultValues={defaults}
          aria-labelledby={titleId}
          onSubmit={async (values, form) => {
            try {
              await save.mutateAsync(values);
              notifySuccess(MSG.chipSalvo);
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
                  <TextFieldControl
                    control={control}
                    name="descricao"
                    label="Descrição"
                    required
                    maxLength={LIMITES.descricao}
                  />
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
              <Stack direction="row" spacing={2} sx={{ justifyContent: 'flex-end' }}>
                <ButtonLink to={voltar} variant="outlined">
                  Voltar
                </ButtonLink>
                <Button type="submit" variant="contained" loading={formState.isSubmitting}>
                  Salvar
                </Button>
              </Stack>
            </Stack>
          )}
        </Form>
      </CardContent>
    </Card>
  );
}

function EditChip({ id }: { id: number }) {
  const chip = useChip(id);
  const voltar = useReturnPath(paths.admin.chips.list.getHref());
  if (chip.isPending) return <Spinner />;
  if (chip.isError) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Alert severity="error">{MSG.erroCarregarRegistro}</Alert>
        <ButtonLink to={voltar} variant="outlined">
          Voltar
        </ButtonLink>
      </Stack>
    );
  }
  return <ChipFormFields chip={chip.data} />;
}

/** /admin/chips/cadastrar and /admin/chips/editar/:id. Saving returns to the list as it was. */
export function ChipForm({ id }: { id?: number }) {
  return id === undefined ? <ChipFormFields /> : <EditChip id={id} />;
}
