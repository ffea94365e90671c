import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { PagamentoAdmin, Plano } from '@rastro/shared/schemas/pagamentos';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, pagina } from '@/testing/fixtures';
import { adminToken, loginAs, renderApp } from '@/testing/render-app';

const LIGADOS = { 'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true } }) };

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

const plano = (over: Partial<Plano> = {}): Plano => ({
  id: 1,
  nome: 'Mensal',
  descricao: null,
  valorCentavos: 2990,
  periodo: 'MENSAL',
  diasCarencia: 7,
  ativo: true,
  dataCadastro: '2026-01-01T12:00:00.000Z',
  ...over,
});

describe('Pagamentos (administrator, payments on)', () => {
  it('shows the totals and charges, sends the filters, and settles a charge by hand with an observação', async () => {
    loginAs(adminToken);
    let paga = false;
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/pagamentos': () =>
        json(200, {
          ...pagina([
            paga
              ? cobranca({
                  situacao: 'PAGO',
                  pagoEm: '2026-11-28T15:00:00.000Z',
                  baixaManual: true,
                  baixaObservacao: 'Extrato de hoje',
                  pixCopiaECola: null,
                })
              : cobranca(),
            cobranca({ id: 31, pet: 'BOLT', situacao: 'VENCIDO', divergente: true, valorPagoCentavos: 1000 }),
          ]),
          totais: { pendenteCentavos: paga ? 0 : 2990, pagoCentavos: paga ? 2990 : 0, vencidoCentavos: 2990 },
        }),
      'POST /api/pagamentos/30/baixa': () => {
        paga = true;
        return json(200, cobranca({ situacao: 'PAGO' }));
      },
    });
    renderApp('/admin/pagamentos');

    const totais = await screen.findByRole('list', { name: 'Totais das cobranças' }, LENTO);
    await waitFor(() => expect(totais).toHaveTextContent(/A receber\s*R\$\s29,90/));
    const tabela = await screen.findByRole('table', { name: 'Cobranças' });
    expect(within(tabela).getByText('Valor divergente: R$ 10,00 recebido')).toBeInTheDocument();

    await userEvent.type(screen.getByRole('textbox', { name: 'Usuário (nome ou e-mail)' }), 'maria@exemplo.com');
    await userEvent.type(screen.getByRole('textbox', { name: 'Vencimento de' }), '01112026');
    await userEvent.click(screen.getByRole('button', { name: 'Buscar' }));
    await waitFor(() => {
      const q = net.calls('GET /api/pagamentos').at(-1)?.url.searchParams;
      expect([q?.get('usuario'), q?.get('vencimentoDe')]).toEqual(['maria@exemplo.com', '2026-11-01']);
    });

    const linha = within(tabela).getByText('REX').closest('tr');
    if (!linha) throw new Error('linha');
    await userEvent.click(within(linha).getByRole('button', { name: /Ações/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dar baixa' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Dar baixa' });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Confirmar baixa' }));
    expect(await within(dialogo).findByText('Campo obrigatório.')).toBeInTheDocument();
    expect(net.calls('POST /api/pagamentos/30/baixa')).toHaveLength(0);
    await userEvent.type(within(dialogo).getByRole('textbox', { name: /Observação/ }), 'Extrato de hoje');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Confirmar baixa' }));
    await waitFor(() => expect(net.calls('POST /api/pagamentos/30/baixa')).toHaveLength(1));
    expect(JSON.parse(net.calls('POST /api/pagamentos/30/baixa')[0]?.body ?? '')).toEqual({ observacao: 'Extrato de hoje' });
    expect(await within(tabela).findByText('Baixa manual: Extrato de hoje')).toBeInTheDocument();
    expect(totais).toHaveTextContent(/Recebido\s*R\$\s29,90/);
  });

  it('a second settlement says why it cannot', async () => {
    loginAs(adminToken);
    stubFetch({
      ...LIGADOS,
      'GET /api/pagamentos': () =>
        json(200, { ...pagina([cobranca()]), totais: { pendenteCentavos: 2990, pagoCentavos: 0, vencidoCentavos: 0 } }),
      'POST /api/pagamentos/30/baixa': () => json(409, { status: 409, message: 'Esta cobrança já foi paga.' }),
    });
    renderApp('/admin/pagamentos');
    const tabela = await screen.findByRole('table', { name: 'Cobranças' }, LENTO);
    await userEvent.click(await within(tabela).findByRole('button', { name: /Ações/ }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Dar baixa' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Dar baixa' });
    await userEvent.type(within(dialogo).getByRole('textbox', { name: /Observação/ }), 'Conferido');
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Confirmar baixa' }));
    expect(await within(dialogo).findByText('Esta cobrança já foi paga.')).toBeInTheDocument();
  });

  it('creates a plan typed in reais as integer centavos, and asks before inactivating one', async () => {
    loginAs(adminToken);
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/planos': () => json(200, [plano(), plano({ id: 2, nome: 'Antigo', ativo: false })]),
      'POST /api/planos': () => json(201, plano({ id: 3, nome: 'Anual', valorCentavos: 29990, periodo: 'ANUAL' })),
      'DELETE /api/planos/1': () => json(200, plano({ ativo: false })),
    });
    renderApp('/admin/pagamentos?aba=planos');
    const lista = await screen.findByRole('list', { name: 'Planos' }, LENTO);
    expect(within(lista).getByText('Inativo')).toBeInTheDocument();
    expect(net.calls('GET /api/planos')[0]?.url.searchParams.get('inativos')).toBe('true');

    await userEvent.click(screen.getByRole('button', { name: 'Cadastrar plano' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cadastrar plano' });
    await userEvent.type(within(dialogo).getByRole('textbox', { name: /^Nome/ }), 'Anual');
    await userEvent.type(within(dialogo).getByRole('textbox', { name: /^Valor/ }), '299,90');
    await userEvent.click(within(dialogo).getByRole('combobox', { name: /^Período/ }));
    await userEvent.click(await screen.findByRole('option', { name: 'Anual' }));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(net.calls('POST /api/planos')).toHaveLength(1));
    expect(JSON.parse(net.calls('POST /api/planos')[0]?.body ?? '')).toEqual({
      nome: 'Anual',
      descricao: '',
      valorCentavos: 29990,
      periodo: 'ANUAL',
      diasCarencia: 7,
    });

    await userEvent.click(await within(lista).findByRole('button', { name: 'Inativar Mensal' }, LENTO));
    const confirmar = await screen.findByRole('dialog', { name: 'Inativar plano' });
    expect(confirmar).toHaveTextContent('quem já assinou continua com o seu preço');
    await userEvent.click(within(confirmar).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(net.calls('DELETE /api/planos/1')).toHaveLength(1));
  });
});
