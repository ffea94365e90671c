import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DELAY } from '@rastro/shared/constants';
import { MSG, confirmarUsuario, alterarSituacaoUsuarioErro, alterarSituacaoUsuarioSucesso } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/permissoes';
import type { UsuarioLista } from '@rastro/shared/schemas/usuarios';
import { lerSessao } from '@/lib/sessao';
import { json, stubFetch, type StubHandler } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';
import { MARIA } from './usuarios-fixtures';
import { pagina } from '@/testing/fixtures';

const linha = (u: Partial<UsuarioLista> & { id: number; nome: string }): UsuarioLista => ({
  email: `${u.nome.toLowerCase().replace(/\s+/g, '.')}@exemplo.com`,
  cpf: null,
  nivelNome: 'Cliente',
  dataCadastro: '2024-03-05T14:30:00-03:00',
  situacao: true,
  ...u,
});

const ADMIN = linha({ id: 1, nome: 'ADMINISTRADOR', email: 'admin@rastro.local', nivelNome: 'Administrador' });

function abrirLista(handlers: Record<string, StubHandler> = {}, maria: Partial<UsuarioLista> = {}) {
  const net = stubFetch({
    'GET /api/usuarios': () => json(200, pagina([ADMIN, linha({ id: 7, nome: 'MARIA SILVA', ...maria })])),
    ...handlers,
  });
  loginAs();
  return { ...renderApp('/admin/usuarios'), net };
}

const tabela = () => screen.findByRole('table', { name: 'Usuários' }, { timeout: 5000 });
const linhaDe = async (nome: string) => {
  const row = (await within(await tabela()).findByRole('cell', { name: nome })).closest('tr');
  if (!row) throw new Error(nome);
  return row;
};

describe('user list', () => {
  it('loads at once, ordered by name', async () => {
    const { net } = abrirLista();
    const row = await linhaDe('MARIA SILVA');
    expect(within(row).getByRole('cell', { name: 'maria.silva@exemplo.com' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: '05/03/2024 14:30' })).toBeInTheDocument();
    expect(within(row).getByRole('cell', { name: 'Ativo' })).toBeInTheDocument();
    for (const name of ['Cód.', 'Nome', 'E-mail', 'Data de Cadastro', 'Situação', 'Ações']) {
      expect(screen.getByRole('columnheader', { name })).toBeInTheDocument();
    }
    const q = net.calls('GET /api/usuarios')[0]?.url.searchParams;
    expect(q?.get('orderBy')).toBe('nome');
    expect(q?.get('orderDirection')).toBe('asc');
    expect(q?.get('page')).toBe('0');
    expect(screen.getByRole('link', { name: 'Novo' })).toHaveAttribute('href', '/admin/usuarios/cadastrar');
  });

  it('validates CPF and e-mail filters when given, then searches', async () => {
    const { user, net, location } = abrirLista();
    await linhaDe('MARIA SILVA');
    const pesquisa = screen.getByRole('region', { name: 'Pesquisa' });
    await user.type(within(pesquisa).getByRole('textbox', { name: 'CPF' }), '11111111111');
    await user.type(within(pesquisa).getByRole('textbox', { name: 'E-mail' }), 'maria');
    await user.click(within(pesquisa).getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(MSG.cpfInvalido)).toBeInTheDocument();
    expect(screen.getByText(MSG.emailInvalido)).toBeInTheDocument();

    await user.clear(within(pesquisa).getByRole('textbox', { name: 'CPF' }));
    await user.clear(within(pesquisa).getByRole('textbox', { name: 'E-mail' }));
    await user.type(within(pesquisa).getByRole('textbox', { name: 'Nome' }), 'maria');
    await user.click(within(pesquisa).getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(net.calls('GET /api/usuarios').at(-1)?.url.searchParams.get('nome')).toBe('MARIA'));
    expect(location()).toContain('nome=MARIA');
  });

  it('inactivates a user after confirmation', async () => {
    let situacao = true;
    const { user, net } = abrirLista({
      'GET /api/usuarios': () => json(200, pagina([ADMIN, linha({ id: 7, nome: 'MARIA SILVA', situacao })])),
      'DELETE /api/usuarios/inativar/7': () => {
        situacao = false;
        return json(200, { ...MARIA, situacao: false });
      },
    });
    await user.click(within(await linhaDe('MARIA SILVA')).getByRole('button', { name: 'Ações do registro 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(confirmarUsuario('Inativar', 'MARIA SILVA'));

    await user.click(within(dialog).getByRole('button', { name: 'Não' }));
    expect(net.calls('DELETE /api/usuarios/inativar/7')).toHaveLength(0);

    await user.click(within(await linhaDe('MARIA SILVA')).getByRole('button', { name: 'Ações do registro 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inativar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));

    expect(await screen.findByText(alterarSituacaoUsuarioSucesso('Inativar'))).toBeInTheDocument();
    expect(net.calls('DELETE /api/usuarios/inativar/7')).toHaveLength(1);
    await waitFor(async () => expect(within(await linhaDe('MARIA SILVA')).getByRole('cell', { name: 'Inativo' })).toBeInTheDocument());
  });

  it('reports a failed activation', async () => {
    const { user, net } = abrirLista(
      { 'PUT /api/usuarios/ativar/7': () => json(500, { status: 500, message: MSG.erroInterno }) },
      { situacao: false },
    );
    await user.click(within(await linhaDe('MARIA SILVA')).getByRole('button', { name: 'Ações do registro 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(confirmarUsuario('Ativar', 'MARIA SILVA'));
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(alterarSituacaoUsuarioErro('Ativar'))).toBeInTheDocument();
    expect(net.calls('PUT /api/usuarios/ativar/7')).toHaveLength(1);
  });

  it('offers no emulation of oneself', async () => {
    const { user } = abrirLista();
    await user.click(within(await linhaDe('ADMINISTRADOR')).getByRole('button', { name: 'Ações do registro 1' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Editar' })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: 'Emular' })).not.toBeInTheDocument();
  });

  it('emulates a client: the map, the banner, and back', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    const { user, net, location } = abrirLista({
      'GET /api/usuarios/7/emulacao': () => json(200, { usuarioId: 7, nome: 'MARIA SILVA', authorities: [], isClient: true }),
    });
    await user.click(within(await linhaDe('MARIA SILVA')).getByRole('button', { name: 'Ações do registro 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Emular' }));

    await waitFor(() => expect(location()).toBe('/user/mapa'));
    expect(await screen.findByText(/Você está emulando/)).toHaveTextContent('Você está emulando MARIA SILVA');
    expect(await screen.findByRole('heading', { name: 'Mapa GPS' }, { timeout: 5000 })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).queryByRole('link', { name: 'Usuários' })).not.toBeInTheDocument();
    expect(lerSessao().emulacao?.usuarioId).toBe(7);
    expect(net.calls('GET /api/usuarios/7/emulacao')[0]?.headers.get('X-Usuario-Emulado')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Sair da emulação' }));
    expect(await screen.findByText(MSG.saindoEmulacao)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect(lerSessao().emulacao).toBeNull();
    await act(() => vi.advanceTimersByTimeAsync(DELAY.saidaEmulacao));
    expect(reload).toHaveBeenCalled();
  });

  it('emulates a non-client on the dashboard, every call carrying the emulation header', async () => {
    const { user, net, location } = abrirLista({
      'GET /api/usuarios/7/emulacao': () =>
        json(200, { usuarioId: 7, nome: 'MARIA SILVA', authorities: [PER.DASHBOARD_TOTAIS], isClient: false }),
      'GET /api/relatorios/totalizadores': () => json(200, { totalUsuarios: 1, totalRastreadores: 2, totalLocalizacoes: 3, totalChips: 4 }),
    });
    await user.click(within(await linhaDe('MARIA SILVA')).getByRole('button', { name: 'Ações do registro 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Emular' }));

    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    expect(await screen.findByRole('list', { name: 'Totais' }, { timeout: 5000 })).toBeInTheDocument();
    // Only her widgets: no charts without PER201/PER202.
    expect(screen.queryByRole('heading', { name: 'Situação dos Rastreadores' })).not.toBeInTheDocument();
    await waitFor(() => expect(net.calls('GET /api/relatorios/totalizadores')).toHaveLength(1));
    const [req] = net.calls('GET /api/relatorios/totalizadores');
    expect(req?.headers.get('X-Usuario-Emulado')).toBe('7');
    expect(req?.headers.get('Authorization')).toBe('Bearer token-admin');
  });
});
