import { afterEach, describe, expect, it } from 'vitest';
import { marcador } from '@/features/mapa/mapa-fixtures';
import { guardar } from '@/features/mapa/api/marcadores-guardados';
import { DADOS_LOCAIS_DO_USUARIO, CHAVE_DA_SESSAO } from '@/lib/dados-locais';
import { encerrarSessao, iniciarSessao } from '@/lib/sessao';
import { clientToken } from '@/testing/fixtures';
import { donoGuardado, marcadoresGuardados } from './ler';

const AGORA = Date.parse('2026-11-28T12:00:00Z');
const perdido = { ativo: true as const, desde: '2026-11-28T10:00:00Z', ate: '2026-11-28T16:00:00Z' };

describe('what the map preview reads from the browser, by hand', () => {
  afterEach(() => {
    encerrarSessao();
    window.localStorage.clear();
  });

  it('names the map’s owner as the app does: the user, or user:emulated', () => {
    expect(donoGuardado()).toBeNull();
    iniciarSessao(clientToken);
    expect(donoGuardado()).toBe('2');
    window.localStorage.setItem(
      CHAVE_DA_SESSAO,
      JSON.stringify({ usuario: { usuarioId: 1 }, emulacao: { usuarioId: 2, nome: 'MARIA', authorities: [], isClient: true } }),
    );
    expect(donoGuardado()).toBe('1:2');
    window.localStorage.setItem(CHAVE_DA_SESSAO, '{"usuario":{"usuarioId":"1"}}');
    expect(donoGuardado()).toBeNull();
  });

  it('reads the markers the map kept, with what their icons show', () => {
    const salvoEm = AGORA - 5 * 60_000;
    guardar(
      '2',
      [marcador(), marcador({ rastreadorId: 71, name: 'REX', modoPerdido: perdido, foto: '/foto/71', foraDeZonas: ['Casa'] })],
      salvoEm,
    );
    expect(marcadoresGuardados('2', AGORA)).toEqual({
      salvoEm,
      marcadores: [
        {
          rastreadorId: 70,
          name: 'TOTO',
          foto: null,
          foraDeZonas: [],
          situacaoEnergia: 'LIGADO',
          modoPerdido: false,
          lat: -23.5,
          lng: -46.6,
        },
        {
          rastreadorId: 71,
          name: 'REX',
          foto: '/foto/71',
          foraDeZonas: ['Casa'],
          situacaoEnergia: 'LIGADO',
          modoPerdido: true,
          lat: -23.5,
          lng: -46.6,
        },
      ],
    });
  });

  it('reads nothing of another user, too old, from the future, empty or tampered with', () => {
    guardar('2', [marcador()], AGORA - 60_000);
    expect(marcadoresGuardados('3', AGORA)).toBeNull();
    expect(marcadoresGuardados('2', AGORA - 120_000)).toBeNull();
    expect(marcadoresGuardados('2', AGORA + 8 * 24 * 3_600_000)).toBeNull();
    guardar('2', [], AGORA - 60_000);
    expect(marcadoresGuardados('2', AGORA)).toBeNull();
    const chave = DADOS_LOCAIS_DO_USUARIO.marcadores;
    const base = { versao: 1, dono: '2', salvoEm: AGORA - 60_000 };
    for (const m of [
      { ...marcador(), position: { lat: '-23.5', lng: -46.6 } },
      { ...marcador(), name: null },
      { ...marcador(), situacaoEnergia: 'QUEIMADO' },
      { ...marcador(), foraDeZonas: [1] },
      { ...marcador(), rastreadorId: 1.5 },
    ]) {
      window.localStorage.setItem(chave, JSON.stringify({ ...base, marcadores: [m] }));
      expect(marcadoresGuardados('2', AGORA)).toBeNull();
    }
    window.localStorage.setItem(chave, '{');
    expect(marcadoresGuardados('2', AGORA)).toBeNull();
  });
});
