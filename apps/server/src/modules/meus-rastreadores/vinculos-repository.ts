import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { vinculos } from './schema';
import { vRastreadores } from '../rastreadores/leitura';
import { vUsuarios } from '../usuarios/leitura';

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

/** The links of these trackers with their owners, as the administrator sees them. */
export async function comDonos(db: Executor, rastreadorIds: readonly number[]) {
  return db
    .select({
      rastreadorId: vinculos.rastreadorId,
      descricao: vinculos.descricao,
      usuarioId: vUsuarios.id,
      usuarioNome: vUsuarios.nome,
      usuarioEmail: vUsuarios.email,
      intervaloLocalizacao: vinculos.intervaloLocalizacao,
      economiaBateria: vinculos.economiaBateria,
      ultraEconomiaBateria: vinculos.ultraEconomiaBateria,
    })
    .from(vinculos)
    .leftJoin(vUsuarios, eq(vUsuarios.id, vinculos.usuarioId))
    .where(inArray(vinculos.rastreadorId, [...rastreadorIds]));
}
