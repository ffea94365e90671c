import { render, screen, waitFor, within } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import userEvent from '@testing-library/user-event';
import { onTestFinished, describe, expect, it, vi } from 'vitest';
import type { AtividadeDia, MetaAtividade } from '@rastro/shared/schemas/atividade';
import { createQueryClient, esquecerAoTrocarDeUsuario } from '@/lib/query-client';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs } from '@/testing/render-app';
import { diasAte, hojeEmSaoPaulo } from '../hooks/use-periodo';
import { AtividadeAba } from './AtividadeAba';

const URL_DIAS = 'GET /api/usuarios/rastreadores/4/atividade';
const URL_META = '/api/usuarios/rastreadores/4/meta-atividade';

/** Every day of the asked period, today with a 2.35 km walk. */
function dias(dataInicial: string, dataFinal: string): AtividadeDia[] {
  const lista: AtividadeDia[] = [];
  for (let t = Date.parse(`${dataInicial}T00:00:00Z`); t <= Date.parse(`${dataFinal}T00:00:00Z`); t += 86_400_000) {
    const data = new Date(t).toISOString().slice(0, 10);
    lista.push(
      data === dataFinal
        ? { data, distanciaMetros: 2350, minutosAtivos: 42, minutosRepouso: 1250 }
        : { data, distanciaMetros: 1000, minutosAtivos: 15, minutosRepouso: 600 },
    );
  }
  return lista;
}

function stub(meta: MetaAtividade | null = null) {
  let atual = meta;
  return stubFetch({
    [URL_DIAS]: (req) => json(200, dias(req.url.searchParams.get('dataInicial') ?? '', req.url.searchParams.get('dataFinal') ?? '')),
    [`GET ${URL_META}`]: () => json(200, atual),
    [`PUT ${URL_META}`]: (req) => {
      atual = JSON.parse(req.body ?? 'null') as MetaAtividade | null;
      return json(200, atual);
    },
  });
}

function renderAba(compartilhadoPor: string | null = null) {
  loginAs(clientToken);
  const queryClient = createQueryClient({ retry: false });
  onTestFinished(esquecerAoTrocarDeUsuario(queryClient));
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={queryClient}>
      <AtividadeAba id={4} compartilhadoPor={compartilhadoPor} />
    </QueryClientProvider>,
  );
  return { user };
}

const valorDe = (rotulo: string) => screen.getByText(rotulo, { selector: 'dt' }).nextElementSibling?.textContent;

describe('the Atividade tab', () => {
  it("shows today's figures in Portuguese and asks for the last 7 days, then 30", async () => {
    const net = stub();
    const { user } = renderAba();
    await waitFor(() => expect(valorDe('Distância')).toBe('2,4 km'));
    expect(valorDe('Ativo')).toBe('42 min');
    expect(valorDe('Repouso')).toBe('1.250 min');
    const hoje = hojeEmSaoPaulo();
    expect(Object.fromEntries(net.calls(URL_DIAS)[0]?.url.searchParams ?? [])).toEqual(diasAte(hoje, 7));
    // The chart's numbers, for assistive technology.
    const tabela = await screen.findByRole('table', { name: 'Distância por dia, últimos 7 dias' });
    expect(within(tabela).getAllByRole('row')).toHaveLength(8);

    await user.click(screen.getByRole('button', { name: '30 dias' }));
    const trinta = await screen.findByRole('table', { name: 'Distância por dia, últimos 30 dias' });
    expect(within(trinta).getAllByRole('row')).toHaveLength(31);
    expect(Object.fromEntries(net.calls(URL_DIAS).at(-1)?.url.searchParams ?? [])).toEqual(diasAte(hoje, 30));
  });

  it('sets a goal in minutes, then removes it', async () => {
    const net = stub();
    const { user } = renderAba();
    expect(await screen.findByText(/Nenhuma meta definida/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: 'Tipo de meta' }));
    await user.click(await screen.findByRole('option', { name: 'Tempo ativo (minutos)' }));
    const valor = screen.getByRole('textbox', { name: /Minutos ativos por dia/ });
    await user.clear(valor);
    await user.type(valor, '45');
    await user.click(screen.getByRole('button', { name: 'Salvar meta' }));
    expect(await screen.findByText('Meta diária: 45 min ativos')).toBeInTheDocument();
    expect(JSON.parse(net.calls(`PUT ${URL_META}`)[0]?.body ?? '')).toEqual({ tipo: 'MINUTOS', valor: 45 });

    await user.click(screen.getByRole('button', { name: 'Remover meta' }));
    expect(await screen.findByText(/Nenhuma meta definida/)).toBeInTheDocument();
    expect(net.calls(`PUT ${URL_META}`)[1]?.body).toBe('null');
  });

  it('a co-guardian sees the owner’s goal without a form to change it', async () => {
    const net = stub({ tipo: 'METROS', valor: 2000 });
    renderAba('ANA');
    expect(await screen.findByText('Meta diária: 2,0 km')).toBeInTheDocument();
    expect(screen.getByText('Quem define a meta é ANA, dono(a) do pet.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Salvar meta' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Tipo de meta' })).not.toBeInTheDocument();
    expect(net.calls(`PUT ${URL_META}`)).toHaveLength(0);
  });

  it('refuses a goal out of bounds without asking the server', async () => {
    const net = stub({ tipo: 'METROS', valor: 2000 });
    const { user } = renderAba();
    expect(await screen.findByText('Meta diária: 2,0 km')).toBeInTheDocument();
    const valor = screen.getByRole('textbox', { name: /Metros por dia/ });
    await user.clear(valor);
    await user.type(valor, '50');
    await user.click(screen.getByRole('button', { name: 'Salvar meta' }));
    expect(await screen.findByText('Informe de 100 a 100.000 metros.')).toBeInTheDocument();
    expect(net.calls(`PUT ${URL_META}`)).toHaveLength(0);
  });

  it('fits a 390 px phone: the three figures stay on one row', async () => {
    vi.stubGlobal('innerWidth', 390);
    stub();
    renderAba();
    await waitFor(() => expect(valorDe('Distância')).toBe('2,4 km'));
    expect(screen.getByRole('button', { name: 'Salvar meta' })).toBeVisible();
  });
});
