import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { Link } from '@rastro/shared/schemas/links';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { formatarDataHora } from '@/lib/format';
import { LENTO, pagina, pet } from '../perdido-fixtures';

const LINKS = '/api/usuarios/rastreadores/4/links';
const URL_LINK = 'https://rastro.example/p/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const link = (over: Partial<Link> = {}): Link => ({
  id: 31,
  criadoEm: '2025-03-02T12:00:00.000Z',
  expiraEm: '2025-03-03T12:00:00.000Z',
  mensagem: 'Se encontrar, ligue (11) 98888-7777',
  criadoPor: { id: clientToken.usuarioId, nome: clientToken.nome },
  compartilharTelefone: false,
  ...over,
});

/** The detail of REX with its share links in `links` (creating adds one, deleting removes it). */
function comLinks(inicial: Link[], post?: () => Response) {
  let links = inicial;
  const net = stubFetch({
    'GET /api/usuarios/rastreadores/4': () => json(200, pet()),
    'GET /api/localizacoes': () => json(200, pagina([])),
    [`GET ${LINKS}`]: () => json(200, links),
    [`POST ${LINKS}`]: (req) => {
      if (post) return post();
      const body = JSON.parse(req.body ?? '{}') as { horas: number; mensagem?: string };
      const novo = link({ id: 40, expiraEm: '2025-03-05T12:00:00.000Z', mensagem: body.mensagem ?? null });
      links = [...links, novo];
      return json(201, { id: novo.id, url: URL_LINK, expiraEm: novo.expiraEm });
    },
    [`DELETE ${LINKS}/31`]: () => {
      links = links.filter((l) => l.id !== 31);
      return new Response(null, { status: 204 });
    },
  });
  return net;
}

async function abrir(user: ReturnType<typeof renderApp>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Compartilhar' }, LENTO));
  return screen.findByRole('dialog', { name: 'Compartilhar REX' });
}

describe('share links', () => {
  it('creates a link for 3 days with a message, shows its URL and copies it', async () => {
    loginAs(clientToken);
    const net = comLinks([]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    expect(await within(dialog).findByText('Nenhum link ativo.')).toBeInTheDocument();

    const validade = within(dialog).getByRole('combobox', { name: 'Validade' });
    expect(validade).toHaveTextContent('24 horas');
    await user.click(validade);
    expect((await screen.findAllByRole('option')).map((o) => o.textContent)).toEqual(['1 hora', '6 horas', '24 horas', '3 dias', '7 dias']);
    await user.click(screen.getByRole('option', { name: '3 dias' }));
    const mensagem = within(dialog).getByRole('textbox', { name: 'Mensagem (opcional)' });
    expect(mensagem).toHaveAttribute('placeholder', 'Se encontrar, ligue (11) 98888-7777');
    expect(mensagem).toHaveAttribute('maxlength', '200');
    await user.type(mensagem, 'Ligue (11) 98888-7777');
    expect(within(dialog).getByText('21/200 caracteres')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Criar link' }));

    await waitFor(() => expect(net.calls(`POST ${LINKS}`)).toHaveLength(1));
    expect(JSON.parse(net.calls(`POST ${LINKS}`)[0]?.body ?? '')).toEqual({
      horas: 72,
      mensagem: 'Ligue (11) 98888-7777',
      compartilharTelefone: false,
    });
    const campo = await within(dialog).findByRole('textbox', { name: 'Link' });
    expect(campo).toHaveValue(URL_LINK);
    expect(campo).toHaveAttribute('readonly');
    // The new link joins the active ones.
    expect(await within(dialog).findByText(`Válido até ${formatarDataHora('2025-03-05T12:00:00.000Z')}`)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Copiar link' }));
    expect(await navigator.clipboard.readText()).toBe(URL_LINK);
    expect(await screen.findByText('Link copiado.')).toBeInTheDocument();
  });

  it('shows the creator’s phone on the link’s page only when asked, and says so in the list', async () => {
    loginAs(clientToken);
    const net = comLinks([]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    const telefone = within(dialog).getByRole('checkbox', { name: 'Mostrar meu telefone para quem encontrar' });
    expect(telefone).not.toBeChecked();
    expect(telefone).toHaveAccessibleDescription('O celular do seu cadastro aparece na página do link, para quem encontrar o pet ligar.');
    await user.click(telefone);
    await user.click(within(dialog).getByRole('button', { name: 'Criar link' }));
    await waitFor(() => expect(net.calls(`POST ${LINKS}`)).toHaveLength(1));
    expect(JSON.parse(net.calls(`POST ${LINKS}`)[0]?.body ?? '')).toEqual({ horas: 24, compartilharTelefone: true });
  });

  it('marks the links that show the phone', async () => {
    loginAs(clientToken);
    comLinks([link({ compartilharTelefone: true }), link({ id: 32, expiraEm: '2025-03-04T12:00:00.000Z' })]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    const [comTelefone, semTelefone] = await within(dialog).findAllByRole('listitem');
    expect(within(comTelefone as HTMLElement).getByText('Mostra o telefone de quem criou')).toBeInTheDocument();
    expect(within(semTelefone as HTMLElement).queryByText('Mostra o telefone de quem criou')).not.toBeInTheDocument();
  });

  it('lists the active links and revokes one after asking', async () => {
    loginAs(clientToken);
    const net = comLinks([link()]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    const ate = formatarDataHora('2025-03-03T12:00:00.000Z');
    expect(await within(dialog).findByText(`Válido até ${ate}`)).toBeInTheDocument();
    expect(within(dialog).getByText('Se encontrar, ligue (11) 98888-7777')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: `Revogar link válido até ${ate}` }));
    const confirmacao = await screen.findByRole('dialog', { name: 'Revogar link' });
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Revogar link' })).not.toBeInTheDocument());
    expect(net.calls(`DELETE ${LINKS}/31`)).toHaveLength(0);

    await user.click(within(dialog).getByRole('button', { name: `Revogar link válido até ${ate}` }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Revogar link' })).getByRole('button', { name: 'Revogar' }));
    await waitFor(() => expect(net.calls(`DELETE ${LINKS}/31`)).toHaveLength(1));
    expect(await screen.findByText('Link revogado.')).toBeInTheDocument();
    expect(await within(dialog).findByText('Nenhum link ativo.')).toBeInTheDocument();
  });

  it('says who created each link: "Criado por você" on yours, the name on the others', async () => {
    loginAs(clientToken);
    comLinks([
      link(),
      link({ id: 32, expiraEm: '2025-03-04T12:00:00.000Z', mensagem: null, criadoPor: { id: 7, nome: 'BIA' } }),
      // Created before the creator was recorded: no line.
      link({ id: 33, expiraEm: '2025-03-06T12:00:00.000Z', mensagem: 'Antigo', criadoPor: null }),
    ]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    const itens = await within(dialog).findAllByRole('listitem');
    expect(itens.map((i) => i.textContent)).toEqual([
      `Válido até ${formatarDataHora('2025-03-03T12:00:00.000Z')}Se encontrar, ligue (11) 98888-7777Criado por vocêRevogar`,
      `Válido até ${formatarDataHora('2025-03-04T12:00:00.000Z')}Sem mensagemCriado por BIARevogar`,
      `Válido até ${formatarDataHora('2025-03-06T12:00:00.000Z')}AntigoRevogar`,
    ]);
  });

  it('a co-guardian reads the owner’s name on the owner’s links and "Criado por você" on theirs', async () => {
    loginAs({ ...clientToken, usuarioId: 7, nome: 'BIA' });
    comLinks([link(), link({ id: 32, criadoPor: { id: 7, nome: 'BIA' } })]);
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    const [doDono, daBia] = await within(dialog).findAllByRole('listitem');
    expect(within(doDono as HTMLElement).getByText('Criado por MARIA CLIENTE')).toBeInTheDocument();
    expect(within(daBia as HTMLElement).getByText('Criado por você')).toBeInTheDocument();
  });

  it('says when the tracker already has 20 active links', async () => {
    loginAs(clientToken);
    comLinks([link()], () => json(409, { status: 409, message: MSG.limiteLinks }));
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    await user.click(within(dialog).getByRole('button', { name: 'Criar link' }));
    expect(await screen.findByText(MSG.limiteLinks)).toBeInTheDocument();
    expect(within(dialog).queryByRole('textbox', { name: 'Link' })).not.toBeInTheDocument();
  });

  it('says when the links could not be loaded', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, pet()),
      'GET /api/localizacoes': () => json(200, pagina([])),
      [`GET ${LINKS}`]: () => new Response('', { status: 503 }),
    });
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    const dialog = await abrir(user);
    expect(await within(dialog).findByText('Erro ao carregar os links.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Tentar de novo' })).toBeInTheDocument();
  });
});
