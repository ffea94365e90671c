import { screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { LENTO, meuRastreador, pagina } from '@/features/meus-rastreadores/components/meus-rastreadores-fixtures';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';

it("the tracker detail has an Atividade tab, composed from features/atividade, with the pet's day", async () => {
  loginAs(clientToken);
  stubFetch({
    'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador()),
    'GET /api/localizacoes': () => json(200, pagina([])),
    'GET /api/usuarios/rastreadores/4/atividade': (req) =>
      json(200, [{ data: req.url.searchParams.get('dataFinal'), distanciaMetros: 1530, minutosAtivos: 20, minutosRepouso: 300 }]),
    'GET /api/usuarios/rastreadores/4/meta-atividade': () => json(200, null),
  });
  const { user } = renderApp('/user/rastreadores/detalhe/4');
  const abas = await screen.findByRole('tablist', { name: 'Histórico do rastreador' }, LENTO);
  await user.click(await within(abas).findByRole('tab', { name: 'Atividade' }, LENTO));
  const hoje = await screen.findByRole('region', { name: 'Hoje' });
  expect(within(hoje).getByText('1,5 km')).toBeInTheDocument();
  expect(within(hoje).getByText('20 min')).toBeInTheDocument();
  expect(screen.getByRole('tabpanel')).toContainElement(hoje);
});
