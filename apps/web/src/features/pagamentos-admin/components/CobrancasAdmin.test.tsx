import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { PagamentoAdmin, PagamentoAdminPage } from '@rastro/shared/schemas/pagamentos';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, pagina } from '@/testing/fixtures';
import { adminToken, loginAs, renderApp } from '@/testing/render-app';

const LIGADOS = { 'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true, automatico: false } }) };

const cobranca = (over: Partial<PagamentoAdmin> = {}): PagamentoAdmin => ({
  id: 30,
  assinaturaId: 7,
  pet: 'REX',
  valorCentavos: 2990,
  vencimento: '2026-11-28',
  situacao: 'PENDENTE',
  pixCopiaECola: '000201…',
  pagoEm: null,
  txid: 'ABCDEFGHJKLMNPQRSTUVWXYZ2',
  debitoAutomatico: false,
  usuarioId: 2,
  usuarioNome: 'MARIA CLIENTE',
  usuarioEmail: 'maria@exemplo.com',
  periodoInicio: '2026-11-28',
  periodoFim: '2026-12-27',
  valorPagoCentavos: null,
  divergente: false,
  baixaManual: false,
  baixaObservacao: null,
  ...over,
});

const resposta = (linhas: PagamentoAdmin[], totais: PagamentoAdminPage['totais']) => json(200, { ...pagina(linhas), totais });

/** REX open, BOLT overdue and paid with another amount, LUNA already paid. */
const tresCobrancas = (rexPaga = false) =>
  resposta(
    [
      rexPaga
        ? cobranca({
            situacao: 'PAGO',
            pagoEm: '2026-11-28T15:00:00.000Z',
            baixaManual: true,
            baixaObservacao: 'Extrato de hoje',
            pixCopiaECola: null,
          })
        : cobranca(),
      cobranca({ id: 31, pet: 'BOLT', situacao: 'VENCIDO', vencimento: '2026-11-20', divergente: true, valorPagoCentavos: 1000 }),
      cobranca({
        id: 32,
        pet: 'LUNA',
        situacao: 'PAGO',
        vencimento: '2026-11-10',
        pagoEm: '2026-11-10T12:00:00.000Z',
        pixCopiaECola: null,
      }),
    ],
    { pendenteCentavos: rexPaga ? 0 : 2990, pagoCentavos: rexPaga ? 5980 : 2990, vencidoCentavos: 2990 },
  );

/** The table row of a pet's charge, once the rows have arrived. */
async function linhaDe(tabela: HTMLElement, pet: string): Promise<HTMLElement> {
  const linha = (await within(tabela).findByText(pet, undefined, LENTO)).closest('tr');
  if (!linha) throw new Error(`linha de ${pet}`);
  return linha;
}

describe('Pagamentos › Cobranças (administrator, payments on)', () => {
  it('shows the filter’s totals and the charges, newest due date first, with a divergent amount flagged', async () => {
    loginAs(adminToken);
    const net = stubFetch({ ...LIGADOS, 'GET /api/pagamentos': () => tresCobrancas() });
    renderApp('/admin/pagamentos');

    const totais = await screen.findByRole('list', { name: 'Totais das cobranças' }, LENTO);
    await waitFor(() => expect(totais).toHaveTextContent(/A receber\s*R\$\s29,90/));
    expect(totais).toHaveTextContent(/Recebido\s*R\$\s29,90/);
    expect(totais).toHaveTextContent(/Vencido\s*R\$\s29,90/);

    const tabela = screen.getByRole('table', { name: 'Cobranças' });
    const rex = await linhaDe(tabela, 'REX');
    for (const texto of ['MARIA CLIENTE', 'maria@exemplo.com', 'R$ 29,90', '28/11/2026', 'A pagar']) expect(rex).toHaveTextContent(texto);
    expect(await linhaDe(tabela, 'BOLT')).toHaveTextContent('Valor divergente: R$ 10,00 recebido');
    expect(await linhaDe(tabela, 'LUNA')).toHaveTextContent('Pago');

    const q = net.calls('GET /api/pagamentos')[0]?.url.searchParams;
    expect([q?.get('orderBy'), q?.get('orderDirection')]).toEqual(['vencimento', 'desc']);
  });

  it('puts the filters in the address and in the request, and refuses an inverted period', async () => {
    loginAs(adminToken);
    const net = stubFetch({ ...LIGADOS, 'GET /api/pagamentos': () => tresCobrancas() });
    const { user, location } = renderApp('/admin/pagamentos');
    await screen.findByRole('table', { name: 'Cobranças' }, LENTO);

    await user.click(screen.getByRole('combobox', { name: 'Situação' }));
    await user.click(await screen.findByRole('option', { name: 'Vencido' }));
    await user.type(screen.getByRole('textbox', { name: 'Usuário (nome ou e-mail)' }), 'maria@exemplo.com');
    await user.type(screen.getByRole('textbox', { name: 'Vencimento de' }), '30112026');
    await user.type(screen.getByRole('textbox', { name: 'Vencimento até' }), '01112026');
    const antes = net.calls('GET /api/pagamentos').length;
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await screen.findByText(MSG.dataInicialAposFinal)).toBeInTheDocument();
    expect(net.calls('GET /api/pagamentos')).toHaveLength(antes);

    await user.clear(screen.getByRole('textbox', { name: 'Vencimento de' }));
    await user.type(screen.getByRole('textbox', { name: 'Vencimento de' }), '01102026');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => {
      const q = net.calls('GET /api/pagamentos').at(-1)?.url.searchParams;
      expect([q?.get('situacao'), q?.get('usuario'), q?.get('vencimentoDe'), q?.get('vencimentoAte')]).toEqual([
        'VENCIDO',
        'maria@exemplo.com',
        '2026-10-01',
        '2026-11-01',
      ]);
    });
    const endereco = new URLSearchParams(location().split('?')[1]);
    expect(Object.fromEntries(['situacao', 'usuario', 'vencimentoDe', 'vencimentoAte'].map((k) => [k, endereco.get(k)]))).toEqual({
      situacao: 'VENCIDO',
      usuario: 'maria@exemplo.com',
      vencimentoDe: '2026-10-01',
      vencimentoAte: '2026-11-01',
    });
  });

  it('reads the filters back from the address (reload, Back)', async () => {
    loginAs(adminToken);
    const net = stubFetch({ ...LIGADOS, 'GET /api/pagamentos': () => tresCobrancas() });
    renderApp('/admin/pagamentos?situacao=PENDENTE&usuario=maria&vencimentoDe=2026-11-01');
    await screen.findByRole('table', { name: 'Cobranças' }, LENTO);
    const q = net.calls('GET /api/pagamentos')[0]?.url.searchParams;
    expect([q?.get('situacao'), q?.get('usuario'), q?.get('vencimentoDe')]).toEqual(['PENDENTE', 'maria', '2026-11-01']);
    expect(screen.getByRole('textbox', { name: 'Usuário (nome ou e-mail)' })).toHaveValue('maria');
    expect(screen.getByRole('textbox', { name: 'Vencimento de' })).toHaveValue('01/11/2026');
    expect(screen.getByRole('combobox', { name: 'Situação' })).toHaveTextContent('A pagar');
  });

  it('settles a charge by hand: the observação is required and sent, the row turns Pago and the totals move', async () => {
    loginAs(adminToken);
    let paga = false;
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/pagamentos': () => tresCobrancas(paga),
      'POST /api/pagamentos/30/baixa': () => {
        paga = true;
        return json(200, cobranca({ situacao: 'PAGO', baixaManual: true, baixaObservacao: 'Extrato de hoje' }));
      },
    });
    const { user } = renderApp('/admin/pagamentos');
    const tabela = await screen.findByRole('table', { name: 'Cobranças' }, LENTO);
    const totais = screen.getByRole('list', { name: 'Totais das cobranças' });

    // A charge already paid cannot be settled again, and the menu says why.
    await user.click(within(await linhaDe(tabela, 'LUNA')).getByRole('button', { name: /Ações/ }));
    const paga1 = await screen.findByRole('menuitem', { name: /Dar baixa/ });
    expect(paga1).toHaveAttribute('aria-disabled', 'true');
    expect(paga1).toHaveTextContent(MSG.cobrancaJaPaga);
    await user.keyboard('{Escape}');

    const rex = await linhaDe(tabela, 'REX');
    await user.click(within(rex).getByRole('button', { name: /Ações/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dar baixa' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Dar baixa' });
    const observacao = within(dialogo).getByRole('textbox', { name: /Observação/ });
    await waitFor(() => expect(observacao).toHaveFocus());
    expect(dialogo).toHaveTextContent('REX — R$ 29,90, vencimento 28/11/2026, de MARIA CLIENTE');

    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar baixa' }));
    expect(await within(dialogo).findByText(MSG.campoObrigatorio)).toBeInTheDocument();
    expect(net.calls('POST /api/pagamentos/30/baixa')).toHaveLength(0);

    await user.type(observacao, 'Extrato de hoje');
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar baixa' }));
    await waitFor(() => expect(net.calls('POST /api/pagamentos/30/baixa')).toHaveLength(1));
    expect(JSON.parse(net.calls('POST /api/pagamentos/30/baixa')[0]?.body ?? '')).toEqual({ observacao: 'Extrato de hoje' });
    expect(await screen.findByText(MSG.baixaRegistrada)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Dar baixa' })).not.toBeInTheDocument());

    await waitFor(() => expect(rex).toHaveTextContent('Baixa manual: Extrato de hoje'));
    expect(rex).toHaveTextContent('Pago');
    expect(rex).not.toHaveTextContent('A pagar');
    expect(totais).toHaveTextContent(/A receber\s*R\$\s0,00/);
    expect(totais).toHaveTextContent(/Recebido\s*R\$\s59,80/);
  });

  it('a charge settled meanwhile: the 409’s message shows in the dialog and the list is read again', async () => {
    loginAs(adminToken);
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/pagamentos': () => tresCobrancas(),
      'POST /api/pagamentos/30/baixa': () => json(409, { status: 409, message: MSG.cobrancaJaPaga }),
    });
    const { user } = renderApp('/admin/pagamentos');
    const tabela = await screen.findByRole('table', { name: 'Cobranças' }, LENTO);
    const leituras = net.calls('GET /api/pagamentos').length;
    await user.click(within(await linhaDe(tabela, 'REX')).getByRole('button', { name: /Ações/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dar baixa' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Dar baixa' });
    await user.type(within(dialogo).getByRole('textbox', { name: /Observação/ }), 'Conferido');
    await user.click(within(dialogo).getByRole('button', { name: 'Confirmar baixa' }));
    expect(await within(dialogo).findByRole('alert')).toHaveTextContent(MSG.cobrancaJaPaga);
    await waitFor(() => expect(net.calls('GET /api/pagamentos').length).toBeGreaterThan(leituras));
  });

  it('says so when nothing matches, and when the list fails', async () => {
    loginAs(adminToken);
    let falhar = false;
    stubFetch({
      ...LIGADOS,
      'GET /api/pagamentos': () =>
        falhar
          ? json(503, { status: 503, message: MSG.servicoIndisponivel })
          : resposta([], { pendenteCentavos: 0, pagoCentavos: 0, vencidoCentavos: 0 }),
    });
    const { user } = renderApp('/admin/pagamentos');
    expect(await screen.findByText(MSG.nenhumaCobranca, undefined, LENTO)).toBeInTheDocument();
    falhar = true;
    await user.type(screen.getByRole('textbox', { name: 'Usuário (nome ou e-mail)' }), 'ninguém');
    await user.click(screen.getByRole('button', { name: 'Buscar' }));
    expect(await within(screen.getByRole('table', { name: 'Cobranças' })).findByText(MSG.servicoIndisponivel)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Totais das cobranças' })).not.toHaveTextContent('R$');
  });

  it('on a phone (390 px) the charges are cards, the pet as heading, with the divergent amount and the menu', async () => {
    vi.stubGlobal('innerWidth', 390);
    loginAs(adminToken);
    stubFetch({ ...LIGADOS, 'GET /api/pagamentos': () => tresCobrancas() });
    const { user } = renderApp('/admin/pagamentos');
    const lista = await screen.findByRole('list', { name: 'Cobranças' }, LENTO);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const bolt = (await within(lista).findByRole('heading', { name: 'BOLT' }, LENTO)).closest('li');
    if (!bolt) throw new Error('cartão de BOLT');
    expect(bolt).toHaveTextContent('Valor divergente: R$ 10,00 recebido');
    await user.click(within(bolt).getByRole('button', { name: /Ações/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Dar baixa' }));
    expect(await screen.findByRole('dialog', { name: 'Dar baixa' })).toHaveTextContent('BOLT');
  });
});
