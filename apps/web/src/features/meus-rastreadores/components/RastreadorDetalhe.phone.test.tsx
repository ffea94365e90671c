import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Localizacao } from '@rastro/shared/schemas/localizacoes';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, meuRastreador, pagina } from './meus-rastreadores-fixtures';

const gps: Localizacao = {
  id: 1,
  rastreadorId: 11,
  tipo: 'GPS',
  dataHora: '2025-03-02T15:30:00.000Z',
  latitude: -23.550520123456,
  longitude: -46.6333,
  velocidade: 12.5,
  curso: 90,
  precisao: null,
  macAddress: null,
  nivelSinal: null,
  codigoPais: null,
  rede: null,
  redeDescricao: null,
  codigoArea: null,
  identificadorTorre: null,
};

describe('tracker detail on a phone (390 px)', () => {
  beforeEach(() => {
    vi.stubGlobal('innerWidth', 390);
  });

  it('lists the GPS history as cards headed by their time, coordinates with 6 decimals', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador()),
      'GET /api/localizacoes': () => json(200, pagina([gps], 23)),
    });
    renderApp('/user/rastreadores/detalhe/4');

    const titulo = await screen.findByRole('heading', { name: '02/03/2025 12:30' }, LENTO);
    const card = titulo.closest('li');
    if (!card) throw new Error('cartão ausente');
    expect(screen.getByRole('list', { name: 'GPS' })).toContainElement(card);
    expect(
      within(card)
        .getAllByRole('term')
        .map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]),
    ).toEqual([
      ['Latitude', '-23.550520'],
      ['Longitude', '-46.633300'],
      ['Velocidade (Km/h)', '12,5'],
    ]);
    expect(screen.getByText('1 a 10 de 23')).toBeInTheDocument();
  });

  it('puts the history tabs right under the tracker, before the family section', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, meuRastreador()),
      'GET /api/localizacoes': () => json(200, pagina([gps], 23)),
    });
    renderApp('/user/rastreadores/detalhe/4');
    const abas = await screen.findByRole('tablist', { name: 'Histórico do rastreador' }, LENTO);
    const secaoGuardioes = await screen.findByRole('heading', { name: 'Família' }, LENTO);
    const rastreador = screen.getByRole('heading', { name: 'Rastreador' });
    expect(rastreador.compareDocumentPosition(abas) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(abas.compareDocumentPosition(secaoGuardioes) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });
});
