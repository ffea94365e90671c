import { sql } from 'drizzle-orm';
import { consultar, type Database } from '@rastro/server';
import { percentil } from '../lib/stats';
import type { Grupo } from './cadastro';
import type { Etapa } from './mensagens';

/**
 * Where a zone alert's time goes, per crossing notified: from the frame's write to the start of the
 * transaction that stored the position, from there to the start of the one that stored the zone
 * event and the notification (the evaluation), and from there to the socket (NOTIFY, the API's
 * live channel). Wall clocks of one machine; read before the positions table is emptied.
 */
export async function etapasDosAlertas(database: Database, g: Grupo, etapas: Etapa[]) {
  const linhas = await consultar<{ id: number; quando: number; gravada: number; avaliada: number }>(
    database.db,
    sql`select e.rastreador_id as id, extract(epoch from e.data_hora)::float8 * 1000 as quando,
               extract(epoch from l.data_cadastro)::float8 * 1000 as gravada, extract(epoch from e.data_cadastro)::float8 * 1000 as avaliada
        from zona_eventos e join localizacoes l on l.rastreador_id = e.rastreador_id and l.tipo = 'GPS' and l.data_hora = e.data_hora
        where e.rastreador_id between ${g.primeiro} and ${g.ultimo}`,
  );
  const idDe = new Map(g.rastreadores.map((r) => [r.imei, r.id]));
  const doBanco = new Map(linhas.map((l) => [`${l.id}:${l.quando}`, l]));
  const gravar: number[] = [];
  const avaliar: number[] = [];
  const avisar: number[] = [];
  for (const e of etapas) {
    const l = doBanco.get(`${idDe.get(e.imei) ?? 0}:${e.quando}`);
    if (!l) continue;
    gravar.push(l.gravada - e.enviado);
    avaliar.push(l.avaliada - l.gravada);
    avisar.push(e.chegou - l.avaliada);
  }
  const resumo = (v: number[]) => {
    const a = Float64Array.from(v);
    return `${percentil(a, 50).toFixed(0)} / ${percentil(a, 99).toFixed(0)} ms`;
  };
  return (
    `alertas, p50 / p99 de cada etapa (${gravar.length} travessias): quadro → transação da posição ${resumo(gravar)}; ` +
    `→ transação do evento (avaliação) ${resumo(avaliar)}; → socket do dono (NOTIFY, canal ao vivo da API) ${resumo(avisar)}`
  );
}
