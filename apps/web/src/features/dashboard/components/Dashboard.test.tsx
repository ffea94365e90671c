import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { PER } from '@rastro/shared/permissoes';
import { dayjs } from '@/lib/dayjs';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { adminToken, loginAs, renderApp } from '@/testing/render-app';

const relatorios = {
  'GET /api/relatorios/totalizadores': () =>
    json(200, { totalUsuarios: 12, totalRastreadores: 7, totalLocalizacoes: 25000, totalChips: 3 }),
  'GET /api/relatorios/situacoes': () => json(200, { totalAguardandoVinculo: 2, totalAtivo: 4, totalInativo: 1, totalAlerta: 0 }),
  'GET /api/relatorios/situacoes-energia': () => json(200, { totalDesligado: 1, totalLigado: 5, totalAguardandoDesligamento: 1 }),
  'GET /api/relatorios/armazenamento': () =>
    json(200, [
      { tipo: 'GPS', maisAntiga: '2025-10-27T03:00:00.000Z', bytes: 3_865_470_566, retencaoDias: 400 },
      { tipo: 'WIFI_LBS', maisAntiga: '2026-08-27T03:00:00.000Z', bytes: 1536, retencaoDias: 90 },
      { tipo: 'BATERIA', maisAntiga: null, bytes: 0, retencaoDias: 400 },
    ]),
};

const valorDoCard = (label: string) => {
  const totais = screen.getByRole('list', { name: 'Totais' });
  const card = within(totais).getByText(label).closest('li');
  if (!card) throw new Error(`card ${label}`);
  return card;
};

/** The first render loads the lazy page (and, cold, the charts chunk): allow it time. */
const aguardarTotais = (label: string, valor: string) =>
  waitFor(() => expect(valorDoCard(label)).toHaveTextContent(valor), { timeout: 5000 });

describe('dashboard', () => {
  it('shows the totals, capping locations at +10000, and both charts to a full administrator', async () => {
    const net = stubFetch(relatorios);
    loginAs();
    renderApp('/admin/dashboard');

    await aguardarTotais('Localizações', '+10000');
    expect(valorDoCard('Usuários')).toHaveTextContent('12');
    expect(valorDoCard('Rastreadores')).toHaveTextContent('7');
    expect(valorDoCard('Chips')).toHaveTextContent('3');

    const situacao = await screen.findByRole('table', { name: 'Situação dos Rastreadores' }, { timeout: 5000 });
    expect(within(situacao).getByRole('row', { name: 'Aguardando Vínculo 2' })).toBeInTheDocument();
    expect(within(situacao).getByRole('row', { name: 'Ativo 4' })).toBeInTheDocument();
    expect(within(situacao).getByRole('row', { name: 'Inativo 1' })).toBeInTheDocument();
    expect(within(situacao).getByRole('row', { name: 'Alerta 0' })).toBeInTheDocument();
    const energia = screen.getByRole('table', { name: 'Situação de Energia dos Rastreadores' });
    expect(within(energia).getByRole('row', { name: 'Desligado 1' })).toBeInTheDocument();
    expect(within(energia).getByRole('row', { name: 'Ligado 5' })).toBeInTheDocument();
    expect(within(energia).getByRole('row', { name: 'Aguardando Desligamento 1' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Situação dos Rastreadores' })).toBeInTheDocument();

    // The last 31 days up to today.
    const [req] = net.calls('GET /api/relatorios/totalizadores');
    expect(req?.url.searchParams.get('dataFinal')).toBe(dayjs().format('YYYY-MM-DD'));
    expect(req?.url.searchParams.get('dataInicial')).toBe(dayjs().subtract(31, 'day').format('YYYY-MM-DD'));
  });

  it('shows only the widgets of the roles held', async () => {
    const net = stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.DASHBOARD_SITUACAO] });
    renderApp('/admin/dashboard');

    expect(await screen.findByRole('table', { name: 'Situação dos Rastreadores' }, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Totais' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Situação de Energia dos Rastreadores' })).not.toBeInTheDocument();
    expect(net.calls('GET /api/relatorios/totalizadores')).toHaveLength(0);
    expect(net.calls('GET /api/relatorios/situacoes-energia')).toHaveLength(0);
  });

  it('with payments on, shows PER300 the receivable, received, overdue and monthly recurring revenue', async () => {
    const net = stubFetch({
      ...relatorios,
      'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true, automatico: false } }),
      'GET /api/relatorios/pagamentos': () =>
        json(200, {
          aReceberCentavos: 29900,
          recebidoCentavos: 123456,
          vencidoCentavos: 2990,
          receitaMensalCentavos: 89700,
          assinaturasAtivas: 30,
          assinaturasSuspensas: 1,
        }),
    });
    loginAs({ ...adminToken, authorities: [PER.PAGAMENTOS] });
    renderApp('/admin/dashboard');
    const cards = await screen.findByRole('list', { name: 'Pagamentos' }, { timeout: 5000 });
    await waitFor(() => expect(cards).toHaveTextContent(/A receber\s*R\$\s299,00/));
    expect(cards).toHaveTextContent(/Recebido no período\s*R\$\s1\.234,56/);
    expect(cards).toHaveTextContent(/Vencido\s*R\$\s29,90\s*1 assinatura suspensa/);
    expect(cards).toHaveTextContent(/Receita mensal recorrente\s*R\$\s897,00\s*30 assinaturas ativas/);
    expect(net.calls('GET /api/relatorios/totalizadores')).toHaveLength(0);
  });

  it('with payments off, PER300 alone has no report', async () => {
    const net = stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.PAGAMENTOS] });
    renderApp('/admin/dashboard');
    expect(await screen.findByText(MSG.nenhumRelatorio, undefined, { timeout: 5000 })).toBeInTheDocument();
    expect(net.calls('GET /api/relatorios/pagamentos')).toHaveLength(0);
  });

  it('shows the totals only with PER200', async () => {
    stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.DASHBOARD_TOTAIS] });
    renderApp('/admin/dashboard');
    await aguardarTotais('Usuários', '12');
    expect(screen.queryByRole('heading', { name: 'Situação dos Rastreadores' })).not.toBeInTheDocument();
  });

  it('shows the history kept per kind: since when, its size and its retention', async () => {
    stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.DASHBOARD_TOTAIS] });
    renderApp('/admin/dashboard');
    const tabela = await screen.findByRole('table', { name: 'Histórico guardado' }, { timeout: 5000 });
    expect(await within(tabela).findByRole('row', { name: 'Posições GPS 27/10/2025 3,6 GB 400 dias' })).toBeInTheDocument();
    expect(within(tabela).getByRole('row', { name: 'Leituras WI-FI e LBS 27/08/2026 1,5 kB 90 dias' })).toBeInTheDocument();
    expect(within(tabela).getByRole('row', { name: 'Bateria Nenhum registro 0 B 400 dias' })).toBeInTheDocument();
  });

  it('on a phone shows the history kept as one card per kind, not a table wider than the screen', async () => {
    vi.stubGlobal('innerWidth', 390);
    stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.DASHBOARD_TOTAIS] });
    renderApp('/admin/dashboard');
    const lista = await screen.findByRole('list', { name: 'Histórico guardado' }, { timeout: 5000 });
    expect(screen.queryByRole('table', { name: 'Histórico guardado' })).not.toBeInTheDocument();
    const gps = within(lista).getAllByRole('listitem')[0];
    if (!gps) throw new Error('cartão GPS');
    expect(within(gps).getByRole('heading', { name: 'Posições GPS' })).toBeInTheDocument();
    expect(
      within(gps)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    ).toEqual([
      ['Mais antigo', '27/10/2025'],
      ['Tamanho', '3,6 GB'],
      ['Guardado por', '400 dias'],
    ]);
    expect(within(lista).getAllByRole('listitem')).toHaveLength(3);
  });

  it('says there is no report without any dashboard role', async () => {
    const net = stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.CHIPS] });
    renderApp('/admin/dashboard');
    expect(await screen.findByText(MSG.nenhumRelatorio)).toBeInTheDocument();
    expect(net.requests.filter((r) => r.url.pathname.startsWith('/api/relatorios'))).toHaveLength(0);
  });

  it('asks again for another period', async () => {
    const net = stubFetch(relatorios);
    loginAs({ ...adminToken, authorities: [PER.DASHBOARD_TOTAIS] });
    const { user } = renderApp('/admin/dashboard');
    await aguardarTotais('Usuários', '12');

    const inicial = screen.getByLabelText('Data Inicial');
    await user.clear(inicial);
    await user.type(inicial, '01012024');
    await waitFor(() =>
      expect(net.calls('GET /api/relatorios/totalizadores').at(-1)?.url.searchParams.get('dataInicial')).toBe('2024-01-01'),
    );
  });
});
