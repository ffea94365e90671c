import { eq, sql, type SQL } from 'drizzle-orm';
import { literalDeArray } from '../../db/arrays';
import { consultaPorForma, type Executor } from '../../db/client';
import { vinculos } from './schema';
import { vRastreadores } from '../rastreadores/leitura';
import { vUsuarios } from '../usuarios/leitura';
import type { VinculoDoRastreador } from '../rastreadores/portas';

// Links looked up from the tracker's side: a device logging in, an owner linking by IMEI, the administrator's list.

/** The tracker a device logs in as, with its owner's link if any (undefined: unknown IMEI). */
export async function rastreadorPorImei(db: Executor, imei: string) {
  const [row] = await db
    .select({ id: vRastreadores.id, situacao: vRastreadores.situacao, donoId: vinculos.usuarioId, descricao: vinculos.descricao })
    .from(vRastreadores)
    .leftJoin(vinculos, eq(vinculos.rastreadorId, vRastreadores.id))
    .where(eq(vRastreadores.imei, imei));
  return row;
}

/** Whether the tracker with this IMEI is linked already. */
export async function imeiVinculado(db: Executor, imei: string) {
  const [row] = await db
    .select({ id: vinculos.id })
    .from(vinculos)
    .innerJoin(vRastreadores, eq(vRastreadores.id, vinculos.rastreadorId))
    .where(eq(vRastreadores.imei, imei));
  return row !== undefined;
}

/**
 * The links of these trackers with their owners, as the administrator sees them (a tracker's detail,
 * its save): one text prepared once (`consultaPorForma`) with the ids as one array, not the query
 * builder with a parameter per id. The list's page takes them in its own statement (`vinculoNaLista`).
 */
const consultaComDonos = consultaPorForma<null, { ids: string }, VinculoDoRastreador & { rastreadorId: number }>({
  chave: () => '',
  nomes: ['ids'],
  montar: (
    _f,
    v,
  ) => sql`select ${vinculos.rastreadorId} as "rastreadorId", ${vinculos.descricao} as "descricao", ${vUsuarios.id} as "usuarioId",
      ${vUsuarios.nome} as "usuarioNome", ${vUsuarios.email} as "usuarioEmail", ${vinculos.intervaloLocalizacao} as "intervaloLocalizacao",
      ${vinculos.economiaBateria} as "economiaBateria", ${vinculos.ultraEconomiaBateria} as "ultraEconomiaBateria"
    from ${vinculos} left join ${vUsuarios} on ${vUsuarios.id} = ${vinculos.usuarioId}
    where ${vinculos.rastreadorId} = any(${v.ids}::int[])`,
});

export function comDonos(db: Executor, rastreadorIds: readonly number[]) {
  return consultaComDonos(db, null, { ids: literalDeArray(rastreadorIds) });
}

/** The admin list's link columns for the tracker `rastreadorId` (rastreadores/portas.ts `VinculoNaLista`). */
export const vinculoNaLista = (rastreadorId: SQL): SQL =>
  sql`select ${vinculos.descricao} as descricao, ${vUsuarios.nome} as usuario_nome
    from ${vinculos} left join ${vUsuarios} on ${vUsuarios.id} = ${vinculos.usuarioId}
    where ${vinculos.rastreadorId} = ${rastreadorId}`;
