import type { QueryClient } from '@tanstack/react-query';
import type { Page } from '@rastro/shared/schemas/common';
import type { EventoSocket, Marcador } from '@rastro/shared/schemas/mapa';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import type { NaoLidas } from '@rastro/shared/schemas/notificacoes';
import { aoVivoKeys } from './keys';

/** Every ATUAL marker list (all trackers, or one). */
const marcadoresAtuaisPrefixo = [...aoVivoKeys.marcadores, 'ATUAL'] as const;

/** The last item per key, in arrival order. */
function ultimos<T>(itens: readonly T[], chave: (t: T) => number): Map<number, T> {
  const m = new Map<number, T>();
  for (const t of itens) m.set(chave(t), t);
  return m;
}

function aplicarPosicoes(qc: QueryClient, posicoes: Map<number, Marcador>) {
  if (posicoes.size === 0) return;
  qc.setQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(null), (old) => {
    if (!old) return old;
    const novos = new Map(posicoes);
    const lista = old.map((m) => {
      const novo = novos.get(m.usuarioRastreadorId);
      if (!novo) return m;
      novos.delete(m.usuarioRastreadorId);
      return novo;
    });
    // A tracker's first position ever: it joins the map.
    return [...lista, ...novos.values()];
  });
  for (const [id, marcador] of posicoes) {
    qc.setQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(id), (old) => (old ? [marcador] : old));
  }
}

/** What a tracker's status says about its marker. */
const comStatus = (m: Marcador, r: MeuRastreador): Marcador => ({
  ...m,
  name: r.descricao,
  bateria: r.bateria,
  situacaoEnergia: r.situacaoEnergia,
  situacaoEnergiaDescricao: r.situacaoEnergiaDescricao,
  desligar: r.situacaoEnergia === 'LIGADO',
});

function aplicarRastreadores(qc: QueryClient, rastreadores: Map<number, MeuRastreador>) {
  if (rastreadores.size === 0) return;
  qc.setQueriesData<Page<MeuRastreador>>({ queryKey: aoVivoKeys.meusRastreadoresLists() }, (old) => {
    if (!old || !old.content.some((r) => rastreadores.has(r.id))) return old;
    return { ...old, content: old.content.map((r) => rastreadores.get(r.id) ?? r) };
  });
  for (const r of rastreadores.values()) qc.setQueryData(aoVivoKeys.meuRastreador(r.id), r);
  qc.setQueriesData<Marcador[]>({ queryKey: marcadoresAtuaisPrefixo }, (old) => {
    if (!old || !old.some((m) => rastreadores.has(m.usuarioRastreadorId))) return old;
    return old.map((m) => {
      const r = rastreadores.get(m.usuarioRastreadorId);
      return r ? comStatus(m, r) : m;
    });
  });
}

/**
 * Trackers the user no longer sees (a co-guardian removed, or who left; `rastreadorId`s): their
 * markers leave the map and their rows the lists at once, then every tracker screen reads again
 * (a detail left open then says it cannot be loaded).
 */
function aplicarRemovidos(qc: QueryClient, removidos: ReadonlySet<number>) {
  if (removidos.size === 0) return;
  qc.setQueriesData<Marcador[]>({ queryKey: aoVivoKeys.marcadores }, (old) => {
    if (!Array.isArray(old) || !old.some((m) => removidos.has(m.rastreadorId))) return old;
    return old.filter((m) => !removidos.has(m.rastreadorId));
  });
  qc.setQueriesData<Page<MeuRastreador>>({ queryKey: aoVivoKeys.meusRastreadoresLists() }, (old) => {
    if (!old || !old.content.some((r) => removidos.has(r.rastreadorId))) return old;
    const content = old.content.filter((r) => !removidos.has(r.rastreadorId));
    const saiu = old.content.length - content.length;
    return { ...old, content, numberOfElements: content.length, totalElements: Math.max(0, old.totalElements - saiu) };
  });
  void qc.invalidateQueries({ queryKey: aoVivoKeys.meusRastreadores });
}

/** Writes a burst of socket events into the query cache, as if REST had just answered. */
export function aplicarEventos(qc: QueryClient, eventos: readonly EventoSocket[]) {
  if (eventos.length === 0) return;
  aplicarPosicoes(
    qc,
    ultimos(
      eventos.flatMap((e) => e.posicoes),
      (m) => m.usuarioRastreadorId,
    ),
  );
  aplicarRastreadores(
    qc,
    ultimos(
      eventos.flatMap((e) => e.rastreadores),
      (r) => r.id,
    ),
  );
  // Last: a position or status of the same burst does not bring a removed pet back.
  aplicarRemovidos(qc, new Set(eventos.flatMap((e) => e.removidos ?? [])));
  const naoLidas = eventos.findLast((e) => e.naoLidas !== undefined)?.naoLidas;
  if (naoLidas !== undefined) qc.setQueryData<NaoLidas>(aoVivoKeys.naoLidas(), { total: naoLidas });
  if (eventos.some((e) => e.notificacoesAtualizadas)) void qc.invalidateQueries({ queryKey: aoVivoKeys.notificacoesLists() });
  if (eventos.some((e) => e.pagamentos)) {
    // A payment landed or a pet was suspended: its charges, its subscription and whether the map shows it.
    void qc.invalidateQueries({ queryKey: aoVivoKeys.pagamentos });
    void qc.invalidateQueries({ queryKey: aoVivoKeys.marcadores });
  }
  if (eventos.some((e) => e.notificacoes.length > 0)) {
    void qc.invalidateQueries({ queryKey: aoVivoKeys.notificacoesLists() });
    if (naoLidas === undefined) void qc.invalidateQueries({ queryKey: aoVivoKeys.naoLidas() });
    // A safe-zone crossing is recorded as an event and notified in the same breath.
    void qc.invalidateQueries({ queryKey: aoVivoKeys.eventosZonas });
  }
}

/** After a reconnection: everything live is re-read over REST (history is not live). */
export function invalidarDadosAoVivo(qc: QueryClient) {
  for (const queryKey of [
    aoVivoKeys.meusRastreadores,
    marcadoresAtuaisPrefixo,
    aoVivoKeys.localizacoes,
    aoVivoKeys.baterias,
    aoVivoKeys.notificacoes,
    aoVivoKeys.eventosZonas,
    aoVivoKeys.pagamentos,
  ]) {
    void qc.invalidateQueries({ queryKey });
  }
}
