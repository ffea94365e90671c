import SearchIcon from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import { useEffect, useId, type ReactNode } from 'react';
import type { DefaultValues } from 'react-hook-form';
import type { z } from 'zod/mini';
import { Form, type FormApi, type FormSchema } from './form/Form';

interface SearchCardProps<S extends FormSchema> {
  /** The filter schema (a `z.pick()` of the shared list query schema). */
  schema: S;
  /** The filters in force (from the address): the fields follow them on Back and reload. */
  values: DefaultValues<z.input<S>>;
  /** What 'Limpar' puts in the fields. */
  emptyValues: DefaultValues<z.input<S>>;
  onSearch: (values: z.output<S>) => void;
  onClear: () => void;
  /** The filter fields (e.g. a Grid of *Control fields bound to `form.control`). */
  children: (form: FormApi<S>) => ReactNode;
  title?: string;
}

/** Puts the address's filters back in the fields when they change (Back, forward, Limpar). */
function FollowValues<S extends FormSchema>({ form, values }: { form: FormApi<S>; values: DefaultValues<z.input<S>> }) {
  const key = JSON.stringify(values);
  useEffect(() => {
    form.reset(JSON.parse(key) as DefaultValues<z.input<S>>);
  }, [form, key]);
  return null;
}

/** The 'Pesquisa' card of the list screens: filter fields, 'Buscar' (submit) and 'Limpar'. */
export function SearchCard<S extends FormSchema>({
  schema,
  values,
  emptyValues,
  onSearch,
  onClear,
  children,
  title = 'Pesquisa',
}: SearchCardProps<S>) {
  const titleId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ mb: 2 }}>
      <CardHeader id={titleId} title={title} slotProps={{ title: { variant: 'h6', component: 'h2' } }} sx={{ pb: 0 }} />
      <Form schema={schema} defaultValues={values} onSubmit={(v) => onSearch(v)} aria-labelledby={titleId}>
        {(form) => (
          <>
            <FollowValues form={form} values={values} />
            <CardContent>{children(form)}</CardContent>
            <CardActions sx={{ justifyContent: 'flex-end', px: 2, pb: 2 }}>
              <Button
                variant="outlined"
                onClick={() => {
                  form.reset(emptyValues);
                  onClear();
                }}
              >
                Limpar
              </Button>
              <Button type="submit" variant="contained" startIcon={<SearchIcon />}>
                Buscar
              </Button>
            </CardActions>
          </>
        )}
      </Form>
    </Card>
  );
}
