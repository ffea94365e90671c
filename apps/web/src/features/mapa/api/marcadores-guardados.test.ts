import { afterEach, describe, expect, it } from 'vitest';
import { encerrarSessao, DADOS_LOCAIS_DO_USUARIO, iniciarSessao } from '@/lib/sessao';
import { clientToken } from '@/testing/fixtures';
import { marcador } from '../mapa-fixtures';
import { donoDaSessao, guardar, IDADE_MAXIMA_MS, lerGuardados, TAMANHO_MAXIMO } from './marcadores-guardados';

const CHAVE = DADOS_LOCAIS_DO_USUARIO.marcadores;
const AGORA = Date.parse('2026-11-28T12:00:00Z');
const toto = marcador();
const rex = marcador({ id: 8, usuarioRastreadorId: 8, rastreadorId: 80, name: 'REX' });
const guardado = () => window.localStorage.getItem(CHAVE);

afterEach(() => window.localStorage.clear());

describe("the map's kept markers", () => {
  it('gives back to the same user what they saw, and when it was current', () => {
    guardar('2', [toto, rex], AGORA - 5 * 60_000);
    expect(lerGuardados('2', AGORA)).toEqual({ marcadores: [toto, rex], salvoEm: AGORA - 5 * 60_000 });
    // Only the markers and their time: no token, no session.
    expect(Object.keys(JSON.parse(guardado() ?? '{}') as object).sort()).toEqual(['dono', 'marcadores', 'salvoEm', 'versao']);
  });

  it('never shows one user what another saw, and forgets it', () => {
    guardar('2', [toto], AGORA);
    expect(lerGuardados('3', AGORA)).toBeNull();
    expect(guardado()).toBeNull();
    // An administrator emulating user 2 is not user 2.
    guardar('2', [toto], AGORA);
    expect(lerGuardados('1:2', AGORA)).toBeNull();
    expect(lerGuardados(null, AGORA)).toBeNull();
  });

  it('keeps one user only: a new list replaces whatever was kept', () => {
    guardar('2', [toto], AGORA - 60_000);
    guardar('3', [rex], AGORA);
    expect(lerGuardados('3', AGORA)?.marcadores).toEqual([rex]);
    expect(lerGuardados('2', AGORA)).toBeNull();
  });

  it('ignores and removes markers older than seven days', () => {
    guardar('2', [toto], AGORA - IDADE_MAXIMA_MS);
    expect(lerGuardados('2', AGORA)?.marcadores).toEqual([toto]);
    guardar('2', [toto], AGORA - IDADE_MAXIMA_MS - 1);
    expect(lerGuardados('2', AGORA)).toBeNull();
    expect(guardado()).toBeNull();
  });

  it('ignores and removes what it cannot read: broken JSON, another shape, a marker the schema refuses', () => {
    for (const texto of [
      '{"versao":1,"dono":"2",',
      'null',
      JSON.stringify({ versao: 2, dono: '2', salvoEm: AGORA, marcadores: [toto] }),
      JSON.stringify({ versao: 1, dono: '2', salvoEm: AGORA, marcadores: [{ ...toto, position: { lat: 'x', lng: 0 } }] }),
      JSON.stringify({ versao: 1, dono: '2', salvoEm: String(AGORA), marcadores: [toto] }),
      // From a device clock that ran ahead: no age to show.
      JSON.stringify({ versao: 1, dono: '2', salvoEm: AGORA + 60_000, marcadores: [toto] }),
    ]) {
      window.localStorage.setItem(CHAVE, texto);
      expect(lerGuardados('2', AGORA), texto).toBeNull();
      expect(guardado(), texto).toBeNull();
    }
  });

  it('stays small: a list past the limit is not kept, and the old one goes', () => {
    guardar('2', [toto], AGORA);
    const muitos = Array.from({ length: Math.ceil(TAMANHO_MAXIMO / JSON.stringify(toto).length) + 1 }, (_, i) =>
      marcador({ id: i, usuarioRastreadorId: i }),
    );
    guardar('2', muitos, AGORA);
    expect(guardado()).toBeNull();
  });

  it('goes with the session on logout', () => {
    iniciarSessao(clientToken);
    guardar('2', [toto], AGORA);
    encerrarSessao();
    expect(guardado()).toBeNull();
  });

  it("is the logged user's, or the emulated user's under the administrator", () => {
    const usuario = { usuarioId: 1, nome: 'ADM', email: 'a@b.c', authorities: [], isClient: false };
    expect(donoDaSessao({ usuario: null, emulacao: null })).toBeNull();
    expect(donoDaSessao({ usuario, emulacao: null })).toBe('1');
    expect(donoDaSessao({ usuario, emulacao: { usuarioId: 2, nome: 'MARIA', authorities: [], isClient: true } })).toBe('1:2');
  });
});
