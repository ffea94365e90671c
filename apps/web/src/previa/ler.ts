import type { AparenciaDoMarcador } from '@/features/mapa/components/mapa/icones';
import { DADOS_LOCAIS_DO_USUARIO, IDADE_MAXIMA_DOS_MARCADORES_MS, CHAVE_DA_SESSAO } from '@/lib/dados-locais';

/**
 * What the map's preview reads from this browser, by hand (the app's zod schemas are not loaded
 * yet): who is logged in, and the markers they saw last (as features/mapa/api/marcadores-guardados.ts
 * keeps them: version 1, theirs, at most 7 days old). Whatever does not read right means no preview.
 */

export interface MarcadorDaPrevia extends AparenciaDoMarcador {
  lat: number;
  lng: number;
}

const objeto = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const numero = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const inteiro = (v: unknown): v is number => Number.isSafeInteger(v);

function lerJson(chave: string): unknown {
  try {
    return JSON.parse(window.localStorage.getItem(chave) ?? 'null');
  } catch {
    return null;
  }
}

/** As features/mapa/api/dono.ts names the map's owner: the user, or user:emulated. */
export function donoGuardado(): string | null {
  const s = lerJson(CHAVE_DA_SESSAO);
  if (!objeto(s) || !objeto(s.usuario) || !inteiro(s.usuario.usuarioId)) return null;
  const usuario = String(s.usuario.usuarioId);
  if (s.emulacao === null || s.emulacao === undefined) return usuario;
  return objeto(s.emulacao) && inteiro(s.emulacao.usuarioId) ? `${usuario}:${String(s.emulacao.usuarioId)}` : null;
}

function marcador(v: unknown): MarcadorDaPrevia | null {
  if (!objeto(v) || !objeto(v.position)) return null;
  const { rastreadorId, name, foto, foraDeZonas, situacaoEnergia, modoPerdido } = v;
  const { lat, lng } = v.position;
  if (!inteiro(rastreadorId) || typeof name !== 'string' || !numero(lat) || !numero(lng)) return null;
  if (foto !== null && typeof foto !== 'string') return null;
  if (!Array.isArray(foraDeZonas)) return null;
  const fora: string[] = [];
  for (const z of foraDeZonas as unknown[]) {
    if (typeof z !== 'string') return null;
    fora.push(z);
  }
  if (situacaoEnergia !== 'LIGADO' && situacaoEnergia !== 'DESLIGADO' && situacaoEnergia !== 'AGUARDANDO_DESLIGAMENTO') return null;
  return { rastreadorId, name, foto, foraDeZonas: fora, situacaoEnergia, modoPerdido: Boolean(modoPerdido), lat, lng };
}

/** The kept markers of `dono` and when they were current, or null. */
export function marcadoresGuardados(dono: string, agora = Date.now()): { marcadores: MarcadorDaPrevia[]; salvoEm: number } | null {
  const g = lerJson(DADOS_LOCAIS_DO_USUARIO.marcadores);
  if (!objeto(g) || g.versao !== 1 || g.dono !== dono || !numero(g.salvoEm) || !Array.isArray(g.marcadores)) return null;
  if (g.salvoEm > agora || agora - g.salvoEm > IDADE_MAXIMA_DOS_MARCADORES_MS) return null;
  const marcadores: MarcadorDaPrevia[] = [];
  for (const m of g.marcadores) {
    const lido = marcador(m);
    if (!lido) return null;
    marcadores.push(lido);
  }
  return marcadores.length > 0 ? { marcadores, salvoEm: g.salvoEm } : null;
}
