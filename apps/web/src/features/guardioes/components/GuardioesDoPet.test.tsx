import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { Guardiao } from '@rastro/shared/schemas/guardioes';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, ativo, pagina, pendente, pet } from '../guardioes-fixtures';

const GUARDIOES = '/api/usuarios/rastreadores/4/guardioes';
const larguraOriginal = window.innerWidth;
afterEach(() => {
  window.innerWidth = larguraOriginal;
});

/** REX's detail as its owner sees it, with `inicial` guardians (inviting adds one, deleting removes it). */
function comoDono(inicial: Guardiao[], post?: () => Response) {
  let lista = inicial;
  return stubFetch({
    'GET /api/usuarios/rastreadores/4': () => json(200, pet()),
    'GET /api/localizacoes': () => json(200, pagina([])),
    [`GET ${GUARDIOES}`]: () => json(200, lista),
    [`POST ${GUARDIOES}`]: (req) => {
      if (post) return post();
      const { email } = JSON.parse(req.body ?? '{}') as { email: string };
      const novo = pendente({ id: 60, email });
      lista = [...lista, novo];
      return json(201, novo);
    },
    [`DELETE ${GUARDIOES}/51`]: () => {
      lista = lista.filter((g) => g.id !== 51);
      return new Response(null, { status: 204 });
    },
    [`DELETE ${GUARDIOES}/52`]: () => {
      lista = lista.filter((g) => g.id !== 52);
      return new Response(null, { status: 204 });
    },
  });
}

const secaoGuardioes = () => screen.findByRole('region', { name: 'Família' }, LENTO);

describe('Família (co-guardians) in the tracker detail', () => {
  it('shows the owner the guardians and pending invites', async () => {
    loginAs(clientToken);
    comoDono([ativo(), pendente()]);
    renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();
    const lista = await within(secao).findByRole('list', { name: 'Guardiões e convites (2 de 10)' });
    const [joao, bia] = within(lista).getAllByRole('listitem');
    expect(joao).toHaveTextContent('JOÃO');
    expect(joao).toHaveTextContent('joao@exemplo.com');
    expect(joao).toHaveTextContent('Desde 25/11');
    expect(bia).toHaveTextContent('bia@exemplo.com');
    expect(bia).toHaveTextContent('Pendente até 02/12');
    expect(within(secao).getByRole('button', { name: 'Remover JOÃO' })).toBeInTheDocument();
    expect(within(secao).getByRole('button', { name: 'Cancelar convite de bia@exemplo.com' })).toBeInTheDocument();
    // The owner's own tracker: no 'Compartilhado por'.
    expect(screen.queryByText(/Compartilhado por/)).not.toBeInTheDocument();
  });

  it('invites by e-mail and lists the new invite', async () => {
    loginAs(clientToken);
    const net = comoDono([]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();
    expect(await within(secao).findByText('Ninguém convidado ainda.')).toBeInTheDocument();

    // The e-mail is checked before anything goes out.
    const email = within(secao).getByRole('textbox', { name: 'E-mail de quem vai acompanhar' });
    await user.type(email, 'carla');
    await user.click(within(secao).getByRole('button', { name: 'Convidar' }));
    expect(await within(secao).findByText(MSG.emailInvalido)).toBeInTheDocument();
    expect(net.calls(`POST ${GUARDIOES}`)).toHaveLength(0);

    await user.clear(email);
    await user.type(email, 'carla@exemplo.com');
    await user.click(within(secao).getByRole('button', { name: 'Convidar' }));
    await waitFor(() => expect(net.calls(`POST ${GUARDIOES}`)).toHaveLength(1));
    expect(JSON.parse(net.calls(`POST ${GUARDIOES}`)[0]?.body ?? '')).toEqual({ email: 'carla@exemplo.com' });
    expect(await screen.findByText('Convite enviado para carla@exemplo.com.')).toBeInTheDocument();
    expect(email).toHaveValue('');
    const item = await within(secao).findByRole('listitem');
    expect(item).toHaveTextContent('carla@exemplo.com');
    expect(item).toHaveTextContent('Pendente até 02/12');
  });

  it.each([
    [409, MSG.limiteGuardioes],
    [409, MSG.jaGuardiao],
    [400, MSG.conviteParaOProprioDono],
  ])('shows the server refusal %i on the e-mail field: %s', async (status, message) => {
    loginAs(clientToken);
    comoDono([ativo()], () => json(status, { status, message }));
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();
    const email = within(secao).getByRole('textbox', { name: 'E-mail de quem vai acompanhar' });
    await user.type(email, 'joao@exemplo.com');
    await user.click(within(secao).getByRole('button', { name: 'Convidar' }));
    expect(await within(secao).findByText(message)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveFocus();
  });

  it('removes a guardian and cancels an invite, each after asking', async () => {
    loginAs(clientToken);
    const net = comoDono([ativo(), pendente()]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();

    await user.click(await within(secao).findByRole('button', { name: 'Remover JOÃO' }));
    let confirmacao = await screen.findByRole('dialog', { name: 'Remover guardião' });
    expect(confirmacao).toHaveTextContent('JOÃO deixa de ver REX na hora. Remover?');
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remover guardião' })).not.toBeInTheDocument());
    expect(net.calls(`DELETE ${GUARDIOES}/51`)).toHaveLength(0);

    await user.click(within(secao).getByRole('button', { name: 'Remover JOÃO' }));
    confirmacao = await screen.findByRole('dialog', { name: 'Remover guardião' });
    await user.click(within(confirmacao).getByRole('button', { name: 'Remover' }));
    await waitFor(() => expect(net.calls(`DELETE ${GUARDIOES}/51`)).toHaveLength(1));
    expect(await screen.findByText('Guardião removido.')).toBeInTheDocument();
    await waitFor(() => expect(within(secao).queryByText('JOÃO')).not.toBeInTheDocument());
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Remover guardião' })).not.toBeInTheDocument());

    await user.click(within(secao).getByRole('button', { name: 'Cancelar convite de bia@exemplo.com' }));
    confirmacao = await screen.findByRole('dialog', { name: 'Cancelar convite' });
    expect(confirmacao).toHaveTextContent('O convite enviado para bia@exemplo.com deixa de valer.');
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar convite' }));
    await waitFor(() => expect(net.calls(`DELETE ${GUARDIOES}/52`)).toHaveLength(1));
    expect(await screen.findByText('Convite cancelado.')).toBeInTheDocument();
    expect(await within(secao).findByText('Ninguém convidado ainda.')).toBeInTheDocument();
  });

  it('shows a guardian who shares the pet, and neither the family list nor the invite', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, pet({ compartilhadoPor: 'ANA' })),
      'GET /api/localizacoes': () => json(200, pagina([])),
    });
    renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();
    expect(within(secao).getByText('Compartilhado por ANA')).toBeInTheDocument();
    expect(within(secao).queryByRole('textbox')).not.toBeInTheDocument();
    // Only leaving, for a guardian.
    expect(
      within(secao)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Sair do compartilhamento']);
    // The heading's chip too.
    expect(within(screen.getByRole('region', { name: 'Rastreador' })).getByText('Compartilhado por ANA')).toBeInTheDocument();
    // The guardian never asks for the list (the API would answer 403).
    expect(net.calls(`GET ${GUARDIOES}`)).toHaveLength(0);
    // Lost mode and share links stay: a guardian may use them.
    expect(screen.getByRole('button', { name: 'Ativar modo perdido' })).toBeInTheDocument();
  });

  it('a guardian leaves after confirming: DELETE …/guardioes/eu, back to the trackers', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, pet({ compartilhadoPor: 'ANA' })),
      'GET /api/localizacoes': () => json(200, pagina([])),
      'DELETE /api/usuarios/rastreadores/4/guardioes/eu': () => new Response(null, { status: 204 }),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([])),
    });
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();
    await user.click(within(secao).getByRole('button', { name: 'Sair do compartilhamento' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Sair do compartilhamento' });
    await user.click(within(dialogo).getByRole('button', { name: 'Cancelar' }));
    expect(net.calls('DELETE /api/usuarios/rastreadores/4/guardioes/eu')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sair do compartilhamento' })).not.toBeInTheDocument());
    await user.click(within(secao).getByRole('button', { name: 'Sair do compartilhamento' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Sair do compartilhamento' })).getByRole('button', { name: 'Sair' }));
    expect(await screen.findByText(/Você deixou de acompanhar/)).toBeInTheDocument();
    expect(net.calls('DELETE /api/usuarios/rastreadores/4/guardioes/eu')).toHaveLength(1);
    expect(await screen.findByRole('heading', { level: 1, name: 'Meus Rastreadores' })).toBeInTheDocument();
  });

  it('on a 390 px phone the invite and the list stay on screen', async () => {
    window.innerWidth = 390;
    loginAs(clientToken);
    comoDono([ativo()]);
    renderApp('/user/rastreadores/detalhe/4');
    const secao = await secaoGuardioes();
    const remover = await within(secao).findByRole('button', { name: 'Remover JOÃO' });
    expect(remover).toBeVisible();
    expect(within(secao).getByRole('button', { name: 'Convidar' })).toBeVisible();
    expect(within(secao).getByRole('textbox', { name: 'E-mail de quem vai acompanhar' })).toBeVisible();
  });
});
