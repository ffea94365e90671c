import type { PeriodoPlano, Plano, PlanoForm } from '@rastro/shared/schemas/pagamentos';
import type { Executor } from '../../db/client';
import { naoEncontrado } from '../../lib/erros';
import { iso } from '../../lib/paginacao';
import type { Principal } from '../../plugins/auth';
import {
  atualizarPlano,
  buscarPlano,
  desativarPlano,
  inserirPlano,
  listarPlanos,
  type LinhaPlano,
  type ValoresPlano,
} from './planos-repository';

const paraPlano = (r: LinhaPlano): Plano => ({
  id: r.id,
  nome: r.nome,
  descricao: r.descricao,
  valorCentavos: r.valorCentavos,
  periodo: r.periodo as PeriodoPlano,
  diasCarencia: r.diasCarencia,
  ativo: r.ativo,
  dataCadastro: iso(r.dataCadastro),
});

const valores = (f: PlanoForm): ValoresPlano => ({
  nome: f.nome,
  descricao: f.descricao === '' ? null : f.descricao,
  valorCentavos: f.valorCentavos,
  periodo: f.periodo,
  diasCarencia: f.diasCarencia,
});

/** The plans an owner may choose; an administrator of payments may ask for the inactive ones too. */
export async function planos(db: Executor, inativos: boolean): Promise<Plano[]> {
  return (await listarPlanos(db, inativos)).map(paraPlano);
}

export async function obterPlano(db: Executor, id: number): Promise<Plano> {
  const r = await buscarPlano(db, id);
  if (!r) throw naoEncontrado();
  return paraPlano(r);
}

export async function criarPlano(db: Executor, p: Principal, f: PlanoForm): Promise<Plano> {
  return paraPlano(await inserirPlano(db, { ...valores(f), usuarioCadastroId: p.usuarioId }));
}

export async function alterarPlano(db: Executor, id: number, f: PlanoForm): Promise<Plano> {
  const r = await atualizarPlano(db, id, valores(f));
  if (!r) throw naoEncontrado();
  return paraPlano(r);
}

export async function inativarPlano(db: Executor, id: number): Promise<Plano> {
  const r = await desativarPlano(db, id);
  if (!r) throw naoEncontrado();
  return paraPlano(r);
}

/** `npm run demo`: two plans to subscribe to, when there is none yet. */
export async function planosDaDemonstracao(db: Executor) {
  if ((await listarPlanos(db, true)).length > 0) return;
  await inserirPlano(db, {
    nome: 'Mensal',
    descricao: 'Localização ao vivo, histórico e alertas; chip incluso.',
    valorCentavos: 2990,
    periodo: 'MENSAL',
    diasCarencia: 7,
    usuarioCadastroId: null,
  });
  await inserirPlano(db, {
    nome: 'Anual',
    descricao: 'O mesmo do mensal, com dois meses grátis.',
    valorCentavos: 29900,
    periodo: 'ANUAL',
    diasCarencia: 15,
    usuarioCadastroId: null,
  });
}
