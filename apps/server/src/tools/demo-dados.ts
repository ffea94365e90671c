import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { chips } from '../modules/chips/schema';
import { vinculos } from '../modules/meus-rastreadores/schema';
import { rastreadores } from '../modules/rastreadores/schema';
import { usuarios } from '../modules/usuarios/schema';
import { NIVEL_CLIENTE } from '../modules/usuarios/seed';
import { hashSenha } from '../lib/cripto';
import { idDoNivel } from '../modules/usuarios/service';

export const DEMO = {
  email: 'demo@rastro.local',
  senha: 'rastro-demo',
  imeiBase: 359339080100000,
  pets: ['THOR', 'MEL', 'PIPOCA'],
};

/** The demo owner with three linked trackers (idempotent: an existing demo is kept). */
export async function prepararDemo(db: Db) {
  const [existente] = await db.select({ id: usuarios.id }).from(usuarios).where(eq(usuarios.email, DEMO.email));
  const nivelId = await idDoNivel(db, NIVEL_CLIENTE);
  if (nivelId === undefined) throw new Error('nível Cliente ausente');
  const donoId =
    existente?.id ??
    (
      await db
        .insert(usuarios)
        .values({ nome: 'DONA DEMO', email: DEMO.email, senhaHash: await hashSenha(DEMO.senha), nivelId, telefoneCelular: '11987654321' })
        .returning({ id: usuarios.id })
    )[0]?.id;
  if (donoId === undefined) throw new Error('dono da demonstração');
  for (const [i, nome] of DEMO.pets.entries()) {
    const imei = String(DEMO.imeiBase + i + 1);
    const [ja] = await db.select({ id: rastreadores.id }).from(rastreadores).where(eq(rastreadores.imei, imei));
    if (ja) continue;
    const [chip] = await db
      .insert(chips)
      .values({ descricao: `CHIP DEMO ${nome}`, numero: `1199000000${i + 1}` })
      .returning({ id: chips.id });
    const [r] = await db
      .insert(rastreadores)
      .values({ imei, protocolo: 'TOPIN', chipId: chip?.id ?? null, situacao: 'ATIVO' })
      .returning({ id: rastreadores.id });
    if (!r) throw new Error('rastreador da demonstração');
    await db.insert(vinculos).values({ usuarioId: donoId, rastreadorId: r.id, descricao: nome, intervaloLocalizacao: 1 });
  }
  return { donoId, imeis: DEMO.pets.map((_, i) => String(DEMO.imeiBase + i + 1)) };
}
