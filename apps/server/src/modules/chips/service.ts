import { formatarTelefone } from '@rastro/shared/formatters';
import type { Chip, ChipForm } from '@rastro/shared/schemas/chips';
import type { Page, SelectItem } from '@rastro/shared/schemas/common';
import { onlyDigits } from '@rastro/shared/validators';
import type { Executor } from '../../db/client';
import { naoEncontrado } from '../../lib/erros';
import { iso, pagina } from '../../lib/paginacao';
import type { Principal } from '../../plugins/auth';
import { atualizar, buscar, definirSituacao, inserir, listar, selecionar, type FiltroChips } from './repository';

type Linha = NonNullable<Awaited<ReturnType<typeof buscar>>>;
const paraChip = (r: Linha): Chip => ({
  id: r.id,
  descricao: r.descricao,
  numero: r.numero,
  situacao: r.situacao === 'A' ? 'A' : 'I',
  usuarioCadastroNome: r.usuarioCadastroNome,
  dataCadastro: iso(r.dataCadastro),
});

/** The chip's number as every screen writes it (the select's text included). */
export const formatarNumero = (numero: string) => formatarTelefone(numero);

export async function listarChips(
  db: Executor,
  f: Omit<FiltroChips, 'codigo' | 'numero'> & { codigo?: string | undefined; numero?: string | undefined },
): Promise<Page<Chip>> {
  const numero = f.numero ? onlyDigits(f.numero) : '';
  const { rows, total } = await listar(db, { ...f, codigo: f.codigo ? Number(f.codigo) : undefined, numero: numero || undefined });
  return pagina(rows.map(paraChip), total, f);
}

export async function obterChip(db: Executor, id: number): Promise<Chip> {
  const r = await buscar(db, id);
  if (!r) throw naoEncontrado();
  return paraChip(r);
}

/** Creates the chip, or updates it when `id` is given. */
export async function salvarChip(db: Executor, p: Principal, body: ChipForm): Promise<{ chip: Chip; criado: boolean }> {
  const valores = { descricao: body.descricao.trim(), numero: onlyDigits(body.numero) };
  if (body.id !== undefined) {
    if (!(await atualizar(db, body.id, valores))) throw naoEncontrado();
    return { chip: await obterChip(db, body.id), criado: false };
  }
  const id = await inserir(db, { ...valores, usuarioCadastroId: p.usuarioId });
  return { chip: await obterChip(db, id), criado: true };
}

export async function alterarSituacaoChip(db: Executor, id: number, ativo: boolean): Promise<Chip> {
  if (!(await definirSituacao(db, id, ativo ? 'A' : 'I'))) throw naoEncontrado();
  return obterChip(db, id);
}

/** A chip as the selects show it. */
export const itemDeChip = (c: { id: number; numero: string; descricao: string }): SelectItem => ({
  id: c.id,
  text: `${formatarNumero(c.numero)} - ${c.descricao}`,
});

export async function selecionarChips(db: Executor): Promise<SelectItem[]> {
  return (await selecionar(db)).map(itemDeChip);
}
