import { and, eq, ilike, like, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chips } from './schema';
import { vUsuarios } from '../usuarios/leitura';
import { ordenacao, type Paginacao } from '../../lib/paginacao';
import { comTotal, contagem, escaparLike } from '../../db/listas';

export interface FiltroChips extends Paginacao {
  codigo?: number | undefined;
  descricao?: string | undefined;
  /** Digits to search within the number. */
  numero?: string | undefined;
}

const colunas = {
  id: chips.id,
  descricao: chips.descricao,
  numero: chips.numero,
  situacao: chips.situacao,
  dataCadastro: chips.dataCadastro,
  usuarioCadastroNome: vUsuarios.nome,
};

function condicoes(f: FiltroChips): SQL | undefined {
  const c: SQL[] = [];
  if (f.codigo !== undefined) c.push(eq(chips.id, f.codigo));
  if (f.descricao) c.push(ilike(chips.descricao, `%${escaparLike(f.descricao)}%`));
  if (f.numero) c.push(like(chips.numero, `%${f.numero}%`));
  return c.length ? and(...c) : undefined;
}

export async function listar(db: Executor, f: FiltroChips) {
  const where = condicoes(f);
  return comTotal(
    db
      .select(colunas)
      .from(chips)
      .leftJoin(vUsuarios, eq(vUsuarios.id, chips.usuarioCadastroId))
      .where(where)
      .orderBy(...ordenacao(colunas, chips.id, f))
      .limit(f.size)
      .offset(f.page * f.size),
    db.select(contagem).from(chips).where(where),
  );
}

export async function buscar(db: Executor, id: number) {
  const [row] = await db.select(colunas).from(chips).leftJoin(vUsuarios, eq(vUsuarios.id, chips.usuarioCadastroId)).where(eq(chips.id, id));
  return row;
}

export async function inserir(db: Executor, v: { descricao: string; numero: string; usuarioCadastroId: number }) {
  const [row] = await db.insert(chips).values(v).returning({ id: chips.id });
  if (!row) throw new Error('insert chips returned nothing');
  return row.id;
}

export async function atualizar(db: Executor, id: number, v: { descricao: string; numero: string }) {
  const rows = await db.update(chips).set(v).where(eq(chips.id, id)).returning({ id: chips.id });
  return rows.length === 1;
}

export async function definirSituacao(db: Executor, id: number, situacao: 'A' | 'I') {
  const rows = await db.update(chips).set({ situacao }).where(eq(chips.id, id)).returning({ id: chips.id });
  return rows.length === 1;
}

/** Active chips (which of them a tracker uses is modules/rastreadores' to say: a tracker holds its chip). */
export async function selecionar(db: Executor) {
  return db
    .select({ id: chips.id, descricao: chips.descricao, numero: chips.numero })
    .from(chips)
    .where(eq(chips.situacao, 'A'))
    .orderBy(chips.descricao, chips.id);
}
