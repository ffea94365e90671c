import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, confirmarRastreador, alterarSituacaoRastreadorSucesso } from '@rastro/shared/messages';
import type { RastreadorAdmin } from '@rastro/shared/schemas/rastreadores';
import { LENTO, pagina } from '@/testing/fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';

const rastreador = (over: Partial<RastreadorAdmin> = {}): RastreadorAdmin => ({
  id: 7,
  imei: '359339075123456',
  rastreadorDescricao: 'COLEIRA DO REX',
  bateria: 80,
  chipId: 3,
  chipNumero: '11987654321',
  usuarioNome: 'MARIA CLIENTE',
  dataCadastro: '2025-03-01T12:00:00.000Z',
  protocolo: 'TOPIN',
  situacao: 'ATIVO',
  situacaoDescricao: 'Ativo',
  situacaoCodigo: 'ATIVO',
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  temCodigoAtivacao: false,
  origensAlternadasEm: null,
  ...over,
});

/** The texts of a table row's cells (row 0 is the header). */
function celulas(table: HTMLElement, i: number): (string | null)[] {
  const row = within(table).getAllByRole('row')[i];
  if (!row) throw new Error(`linha ${i} ausente`);
  return within(row)
    .getAllByRole('cell')
    .map((c) => c.textContent);
}

/** The first screen of a test waits for its lazy route chunk, slow on a cold, busy runner. */

describe('admin tracker list', () => {
  it('lists at once, with "-" for what is unknown', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/rastreadores': () =>
        json(
          200,
          pagina([
            rastreador(),
            rastreador({
              id: 8,
              imei: '123',
              rastreadorDescricao: null,
              bateria: -1,
              chipId: null,
              chipNumero: null,
              usuarioNome: null,
              situacao: 'AGUARDANDO_VINCULO',
              situacaoDescricao: 'Aguardando Vínculo',
            }),
            rastreador({ id: 9, imei: '456', bateria: null, situacaoCodigo: 'INATIVO', situacao: 'INATIVO', situacaoDescricao: 'Inativo' }),
          ]),
        ),
    });
    renderApp('/admin/rastreadores');
    const table = await screen.findByRole('table', { name: 'Rastreadores' }, LENTO);
    await within(table).findByRole('cell', { name: '359339075123456' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Cód.', 'IMEI', 'Descrição', 'Bateria', 'Chip', 'Usuário', 'Data de Cadastro', 'Situação', 'Situação Energia', 'Ações']);
    expect(celulas(table, 1)).toEqual([
      '7',
      '359339075123456',
      'COLEIRA DO REX',
      '80%',
      '(11) 9 8765-4321',
      'MARIA CLIENTE',
      '01/03/2025 09:00',
      'Ativo',
      'Ligado',
      '',
    ]);
    expect(celulas(table, 2)).toEqual(['8', '123', '-', '-', '-', '-', '01/03/2025 09:00', 'Aguardando Vínculo', 'Ligado', '']);
    expect(celulas(table, 3)[3]).toBe('-');
    expect(screen.queryByText(MSG.informeFiltros)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Novo' })).toHaveAttribute('href', '/admin/rastreadores/cadastrar');
    expect(Object.fromEntries(net.calls('GET /api/rastreadores')[0]?.url.searchParams ?? [])).toEqual({
      page: '0',
      size: '10',
      orderBy: 'id',
      orderDirection: 'asc',
    });
  });

  it('flags an IMEI two sources took turns on, for eyes and screen readers alike', async () => {
    loginAs();
    stubFetch({
      'GET /api/rastreadores': () =>
        json(200, pagina([rastreador({ origensAlternadasEm: '2026-11-20T17:32:00.000Z' }), rastreador({ id: 8, imei: '123' })])),
    });
    renderApp('/admin/rastreadores');
    const table = await screen.findByRole('table', { name: 'Rastreadores' }, LENTO);
    const aviso = await within(table).findByRole('img', {
      name: 'Possível clonagem: duas origens se alternaram neste IMEI em 20/11/2026 14:32.',
    });
    expect(aviso.closest('td')).toHaveTextContent('359339075123456');
    expect(within(table).getAllByRole('img', { name: /Possível clonagem/ })).toHaveLength(1);
  });

  it('searches by código and IMEI', async () => {
    loginAs();
    const net = stubFetch({ 'GET /api/rastreadores': () => json(200, pagina([])) });
    const { user, location } = renderApp('/admin/rastreadores');
    expect(await screen.findByText(MSG.nenhumResultado, undefined, LENTO)).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Código' }), '7');
    await user.type(screen.getByRole('textbox', { name: 'IMEI' }), '3593x39');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => expect(net.calls('GET /api/rastreadores')).toHaveLength(2));
    const query = net.calls('GET /api/rastreadores')[1]?.url.searchParams;
    expect(query?.get('codigo')).toBe('7');
    expect(query?.get('imei')).toBe('359339');
    expect(location()).toBe('/admin/rastreadores?codigo=7&imei=359339&buscar=1');
  });

  it('activates an inactive tracker and inactivates an active one, after confirming', async () => {
    loginAs();
    const net = stubFetch({
      'GET /api/rastreadores': () =>
        json(200, pagina([rastreador(), rastreador({ id: 9, imei: '456', situacaoCodigo: 'INATIVO', situacao: 'INATIVO' })])),
      'PUT /api/rastreadores/ativar/9': () => json(200, rastreador({ id: 9, imei: '456' })),
      'DELETE /api/rastreadores/inativar/7': () => json(500, { status: 500, message: 'x' }),
    });
    const { user } = renderApp('/admin/rastreadores');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 9' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar' }));
    const dialog = await screen.findByRole('dialog', { name: confirmarRastreador('Ativar', '456') });
    await user.click(within(dialog).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText(alterarSituacaoRastreadorSucesso('Ativar'))).toBeInTheDocument();
    expect(net.calls('PUT /api/rastreadores/ativar/9')).toHaveLength(1);
    await waitFor(() => expect(net.calls('GET /api/rastreadores')).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Ações do registro 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Inativar' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: confirmarRastreador('Inativar', '359339075123456') })).getByRole('button', {
        name: 'Sim',
      }),
    );
    expect(await screen.findByText(MSG.erroAlterarSituacaoRastreador)).toBeInTheDocument();
  });
});
