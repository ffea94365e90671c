import type { AtividadeDia, AtividadeQuery, MetaAtividade } from '@rastro/shared/schemas/atividade';
import type { Executor } from '../../db/client';
import { naoEncontrado } from '../../lib/erros';
import { exigirDono, rastreadorDoVinculo, vinculoDoUsuario } from '../meus-rastreadores/service';
import { diasDoRastreador, gravarMeta, metaDoVinculo, removerMeta } from './repository';

/** The tracker behind the caller's link (as owner or co-guardian), or 404 (anyone else's tracker). */
async function rastreador(db: Executor, usuarioId: number, id: number) {
  const rastreadorId = await rastreadorDoVinculo(db, usuarioId, id);
  if (rastreadorId === undefined) throw naoEncontrado();
  return rastreadorId;
}

/** Every day from `de` to `ate` ('YYYY-MM-DD'), in order. */
function diasEntre(de: string, ate: string): string[] {
  const dias: string[] = [];
  const fim = Date.parse(`${ate}T00:00:00Z`);
  for (let t = Date.parse(`${de}T00:00:00Z`); t <= fim; t += 86_400_000) dias.push(new Date(t).toISOString().slice(0, 10));
  return dias;
}

/**
 * GET /api/usuarios/rastreadores/{id}/atividade: every day of the period, zeros where nothing was
 * recorded. Reads the daily aggregates (by primary key), never the positions.
 */
export async function atividadeDoRastreador(db: Executor, usuarioId: number, id: number, q: AtividadeQuery): Promise<AtividadeDia[]> {
  const linhas = await diasDoRastreador(db, await rastreador(db, usuarioId, id), q.dataInicial, q.dataFinal);
  const porDia = new Map(linhas.map((l) => [l.data, l]));
  return diasEntre(q.dataInicial, q.dataFinal).map((data) => {
    const l = porDia.get(data);
    return {
      data,
      distanciaMetros: Math.round(Number(l?.distanciaMetros ?? 0)),
      minutosAtivos: Math.round(Number(l?.segundosAtivos ?? 0) / 60),
      minutosRepouso: Math.round(Number(l?.segundosRepouso ?? 0) / 60),
    };
  });
}

export async function obterMeta(db: Executor, usuarioId: number, id: number): Promise<MetaAtividade | null> {
  await rastreador(db, usuarioId, id);
  const m = await metaDoVinculo(db, id);
  return m ? { tipo: m.tipo === 'MINUTOS' ? 'MINUTOS' : 'METROS', valor: m.valor } : null;
}

/**
 * PUT …/meta-atividade: the owner sets the daily goal, or clears it (null); a co-guardian is refused
 * (403: the goal and its notification are the owner's). A day already notified is not notified again.
 */
export async function definirMeta(db: Executor, usuarioId: number, id: number, meta: MetaAtividade | null): Promise<MetaAtividade | null> {
  const link = await vinculoDoUsuario(db, usuarioId, id);
  if (!link) throw naoEncontrado();
  exigirDono(link, { usuarioId });
  if (meta) await gravarMeta(db, id, meta);
  else await removerMeta(db, id);
  return meta;
}
