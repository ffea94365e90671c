import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MemoryRouter } from 'react-router';
import { z } from 'zod/mini';
import Snackbars from '@/lib/Snackbars';
import { Form } from './Form';
import { FormActions } from './FormActions';
import { SelectControl } from './SelectControl';
import { TextFieldControl } from './TextFieldControl';

const obrigatorio = z.string().check(z.minLength(1, 'Campo obrigatório.'));
const schema = z.object({ nome: obrigatorio, apelido: obrigatorio, cor: z.string().check(z.minLength(1, 'Escolha uma cor.')) });

/** A form whose fields can be left out of the screen or locked, as real forms do with stored data. */
function Formulario({ semApelido = false, corTravada = false }: { semApelido?: boolean; corTravada?: boolean }) {
  return (
    <MemoryRouter>
      <Snackbars />
      <Form schema={schema} defaultValues={{ nome: 'REX', apelido: '', cor: '' }} onSubmit={() => undefined} aria-label="Pet">
        {({ control }) => (
          <>
            <SelectControl
              control={control}
              name="cor"
              label="Cor"
              required
              disabled={corTravada}
              options={[{ value: 'preto', label: 'Preto' }]}
            />
            <TextFieldControl control={control} name="nome" label="Nome" required />
            {!semApelido && <TextFieldControl control={control} name="apelido" label="Apelido" required />}
            <FormActions voltar="/" saving={false} />
          </>
        )}
      </Form>
    </MemoryRouter>
  );
}

describe('a form the schema refuses', () => {
  it('moves the focus to the first field in error in screen order', async () => {
    const user = userEvent.setup();
    render(<Formulario />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Escolha uma cor.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Cor/ })).toHaveFocus());
  });

  it('names a locked field in error, and focuses the next one the person can fix', async () => {
    const user = userEvent.setup();
    render(<Formulario corTravada />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Corrija o campo Cor: Escolha uma cor.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('textbox', { name: /^Apelido/ })).toHaveFocus());
  });

  it('says why when the field in error is not on the screen', async () => {
    const user = userEvent.setup();
    render(<Formulario semApelido />);
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(await screen.findByText('Não foi possível enviar o formulário: Campo obrigatório.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Cor/ })).toHaveFocus());
  });

  it('pressing the submit button leaves the focus in the field, so its blur does not move the button away', async () => {
    const user = userEvent.setup();
    render(<Formulario />);
    const apelido = screen.getByRole('textbox', { name: /^Apelido/ });
    await user.click(apelido);
    // Pointer down on the button: the field keeps the focus (and draws no error yet).
    await user.pointer({ keys: '[MouseLeft>]', target: screen.getByRole('button', { name: 'Salvar' }) });
    expect(apelido).toHaveFocus();
    expect(screen.queryByText('Campo obrigatório.')).not.toBeInTheDocument();
    await user.pointer({ keys: '[/MouseLeft]', target: screen.getByRole('button', { name: 'Salvar' }) });
    expect(await screen.findByText('Escolha uma cor.')).toBeInTheDocument();
  });
});
