import { and, eq, ilike, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { niveis, usuarios } from './schema';
import { vCidades, vEstados } from '../lookups/leitura';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { comTotal, contagem, escaparLike } from '../../db/listas';
import { avisarQueSessoesMudaram } from '../../plugins/cache-de-sessoes';

export interface FiltroUsuarios extends Paginacao {
  nome?: string | undefined;
  cpf?: string | undefined;
  email?: string | undefined;
}

const colunasLista = {
  id: usuarios.id,
  nome: usuarios.nome,
  email: usuarios.email,
  cpf: usuarios.cpf,
  nivelNome: niveis.nome,
  dataCadastro: usuarios.dataCadastro,
  situacao: usuarios.situacao,
};

function condicoes(f: FiltroUsuarios): SQL | undefined {
  const c: SQL[] = [];
  if (f.nome) c.push(ilike(usuarios.nome, `%${escaparLike(f.nome)}%`));
  if (f.cpf) c.push(eq(usuarios.cpf, f.cpf));
  if (f.email) c.push(ilike(usuarios.email, `%${escaparLike(f.email)}%`));
  return c.length ? and(...c) : undefined;
}

export async function listar(db: Executor, f: FiltroUsuarios) {
  const where = condicoes(f);
  return comTotal(
    db
      .select(colunasLista)
      .from(usuarios)
      .innerJoin(niveis, eq(niveis.id, usuarios.nivelId))
      .where(where)
      .orderBy(...ordenacao({ ...colunasLista, nome: sql`lower(${usuarios.nome})` }, usuarios.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(usuarios).where(where),
  );
}

export async function buscarDetalhe(db: Executor, id: number) {
  const [row] = await db
    .select({
      id: usuarios.id,
      nome: usuarios.nome,
      email: usuarios.email,
      cpf: usuarios.cpf,
      dataNascimento: usuarios.dataNascimento,
      rg: usuarios.rg,
      sexo: usuarios.sexo,
      telefoneCelular: usuarios.telefoneCelular,
      telefoneResidencial: usuarios.telefoneResidencial,
      telefoneComercial: usuarios.telefoneComercial,
      cep: usuarios.cep,
      logradouro: usuarios.logradouro,
      numero: usuarios.numero,
      complemento: usuarios.complemento,
      bairro: usuarios.bairro,
      referencia: usuarios.referencia,
      estadoId: usuarios.estadoId,
      cidadeId: usuarios.cidadeId,
      uf: vEstados.uf,
      nivelId: usuarios.nivelId,
      nivelNome: niveis.nome,
      situacao: usuarios.situacao,
      dataCadastro: usuarios.dataCadastro,
    })
    .from(usuarios)
    .innerJoin(niveis, eq(niveis.id, usuarios.nivelId))
    .leftJoin(vEstados, eq(vEstados.id, usuarios.estadoId))
    .where(eq(usuarios.id, id));
  return row;
}

export async function cpfEmUso(db: Executor, cpf: string, excetoId?: number) {
  const cond = eq(usuarios.cpf, cpf);
  const [row] = await db
    .select({ id: usuarios.id })
    .from(usuarios)
    .where(excetoId ? and(cond, ne(usuarios.id, excetoId)) : cond);
  return row !== undefined;
}

/** A level: whether it is a client's (undefined when there is no such level). */
export async function nivel(db: Executor, id: number) {
  const [row] = await db.select({ isClient: niveis.isClient }).from(niveis).where(eq(niveis.id, id));
  return row;
}

/** The state a city belongs to (undefined when the city does not exist). */
export async function estadoDaCidade(db: Executor, cidadeId: number) {
  const [row] = await db.select({ estadoId: vCidades.estadoId }).from(vCidades).where(eq(vCidades.id, cidadeId));
  return row?.estadoId;
}

/** Whether the user exists; every instance forgets its cached sessions when `tx` commits. */
export async function atualizar(tx: Executor, id: number, v: Partial<typeof usuarios.$inferInsert>) {
  const rows = await tx
    .update(usuarios)
    .set({ ...v, atualizadoEm: new Date() })
    .where(eq(usuarios.id, id))
    .returning({ id: usuarios.id });
  await avisarQueSessoesMudaram(tx);
  return rows.length === 1;
}
