import { SEXOS, type Sexo } from '@rastro/shared/dominio';
import { TODAS_PERMISSOES } from '@rastro/shared/permissoes';
import { MSG } from '@rastro/shared/messages';
import type { Page } from '@rastro/shared/schemas/common';
import type { Emulacao, UsuarioDetalhe, UsuarioForm, UsuarioLista } from '@rastro/shared/schemas/usuarios';
import { onlyDigits } from '@rastro/shared/validators';
import type { Infra } from '../../plugins/infra';
import type { Executor } from '../../db/client';
import { ErroDaApi, erroDeCampo, naoEncontrado } from '../../lib/erros';
import { iso, pagina } from '../../lib/paginacao';
import { violaUnicidade } from '../../lib/erros-do-postgres';
import type { Principal } from '../../plugins/auth';
import { registrarAuditoria } from '../auditoria/service';
import { atualizar, buscarDetalhe, cpfEmUso, estadoDaCidade, listar, nivel, type FiltroUsuarios } from './admin-repository';
import { buscarSessao, emailEmUso, emulavel, inserir } from './repository';

export { listarNiveis } from './repository';

/**
 * What an administrator creating a user (who has no password yet) also does, in its transaction:
 * the auth module queues the first-access link.
 */
export type AoCriarUsuarioSemSenha = (tx: Executor, usuarioId: number) => Promise<void>;

/** What inactivating a user also does, in its transaction: the auth module ends their sessions. */
export type AoInativarUsuario = (tx: Executor, usuarioId: number) => Promise<void>;

const paraLista = (r: Awaited<ReturnType<typeof listar>>['rows'][number]): UsuarioLista => ({ ...r, dataCadastro: iso(r.dataCadastro) });

export async function listarUsuarios(db: Executor, f: FiltroUsuarios): Promise<Page<UsuarioLista>> {
  const { rows, total } = await listar(db, {
    ...f,
    cpf: f.cpf ? onlyDigits(f.cpf) : undefined,
    nome: f.nome || undefined,
    email: f.email || undefined,
  });
  return pagina(rows.map(paraLista), total, f);
}

export async function obterUsuario(db: Executor, id: number): Promise<UsuarioDetalhe> {
  const r = await buscarDetalhe(db, id);
  if (!r) throw naoEncontrado();
  return { ...r, sexo: SEXOS.includes(r.sexo as Sexo) ? (r.sexo as Sexo) : null, dataCadastro: iso(r.dataCadastro) };
}

const vazioComoNull = (v: string) => (v.trim() === '' ? null : v.trim());
const digitosOuNull = (v: string) => vazioComoNull(onlyDigits(v));

/** The columns a user's own data maps to (shared by the admin form and, later, "Minha conta"). */
export function valoresDoFormulario(b: Omit<UsuarioForm, 'id' | 'nivelId' | 'email' | 'nome' | 'cpf' | 'dataNascimento'>) {
  return {
    rg: vazioComoNull(b.rg),
    sexo: b.sexo,
    telefoneCelular: digitosOuNull(b.telefoneCelular),
    telefoneResidencial: digitosOuNull(b.telefoneResidencial),
    telefoneComercial: digitosOuNull(b.telefoneComercial),
    cep: digitosOuNull(b.cep),
    logradouro: vazioComoNull(b.logradouro),
    numero: vazioComoNull(b.numero),
    complemento: vazioComoNull(b.complemento),
    bairro: vazioComoNull(b.bairro),
    referencia: vazioComoNull(b.referencia),
    estadoId: b.estadoId,
    cidadeId: b.cidadeId,
  };
}

/** A city must belong to the chosen state. */
export async function validarEndereco(db: Executor, estadoId: number | null, cidadeId: number | null) {
  if (cidadeId === null) return;
  const estadoDaCidadeId = await estadoDaCidade(db, cidadeId);
  if (estadoDaCidadeId === undefined || (estadoId !== null && estadoDaCidadeId !== estadoId))
    throw erroDeCampo(400, 'cidadeId', MSG.cidadeForaDoEstado);
}

/** Holds every permission: only such an administrator makes, changes or stops administrators. */
const administradorPleno = (p: Principal) => TODAS_PERMISSOES.every((x) => p.authorities.includes(x));

/**
 * Whom a user manager may manage: a full administrator anyone; anyone else (PER2 alone) only
 * clients, never an administrator and never themself (which would let them raise their own level).
 */
async function exigirGerenciavel(db: Executor, p: Principal, id: number) {
  if (administradorPleno(p)) return;
  const alvo = await buscarSessao(db, id);
  if (!alvo) throw naoEncontrado();
  if (id === p.usuarioId || !alvo.isClient) throw new ErroDaApi(403, MSG.somenteAdministradorPleno);
}

/** POST /api/usuarios: creates (sending a first-access link) or, with id, updates a user. */
export async function salvarUsuario(
  deps: Pick<Infra, 'db' | 'emails'>,
  p: Principal,
  b: UsuarioForm,
  ip: string,
  aoCriarUsuarioSemSenha: AoCriarUsuarioSemSenha,
): Promise<{ usuario: UsuarioDetalhe; criado: boolean }> {
  const email = b.email.trim().toLowerCase();
  const cpf = onlyDigits(b.cpf);
  const novoNivel = await nivel(deps.db, b.nivelId);
  if (!novoNivel) throw erroDeCampo(400, 'nivelId', MSG.campoInvalido);
  if (!novoNivel.isClient && !administradorPleno(p)) throw erroDeCampo(403, 'nivelId', MSG.somenteAdministradorPleno);
  if (b.id !== undefined) await exigirGerenciavel(deps.db, p, b.id);
  if (await emailEmUso(deps.db, email, b.id)) throw erroDeCampo(409, 'email', MSG.emailJaCadastrado);
  if (await cpfEmUso(deps.db, cpf, b.id)) throw erroDeCampo(409, 'cpf', MSG.cpfJaCadastrado);
  await validarEndereco(deps.db, b.estadoId, b.cidadeId);
  const valores = {
    ...valoresDoFormulario(b),
    nome: b.nome.trim(),
    email,
    cpf,
    dataNascimento: b.dataNascimento || null,
    nivelId: b.nivelId,
  };
  try {
    if (b.id !== undefined) {
      const id = b.id;
      const usuario = await deps.db.transaction(async (tx) => {
        if (!(await atualizar(tx, id, valores))) throw naoEncontrado();
        await registrarAuditoria(tx, { usuarioId: id, emuladorId: p.usuarioId, acao: 'USUARIO_ALTERADO', ip });
        return obterUsuario(tx, id);
      });
      return { usuario, criado: false };
    }
    const usuario = await deps.db.transaction(async (tx) => {
      const u = await inserir(tx, { ...valores, situacao: true });
      await aoCriarUsuarioSemSenha(tx, u.id);
      await registrarAuditoria(tx, { usuarioId: u.id, emuladorId: p.usuarioId, acao: 'USUARIO_CRIADO', ip });
      return obterUsuario(tx, u.id);
    });
    // The first-access e-mail, queued in the transaction.
    deps.emails.kick();
    return { usuario, criado: true };
  } catch (err) {
    if (violaUnicidade(err)) throw new ErroDaApi(409, MSG.emailJaCadastrado);
    throw err;
  }
}

/** Inativar ends the user's sessions too; an administrator cannot inactivate themself. */
export async function alterarSituacaoUsuario(
  deps: Pick<Infra, 'db'>,
  p: Principal,
  id: number,
  ativo: boolean,
  ip: string,
  aoInativarUsuario: AoInativarUsuario,
): Promise<UsuarioDetalhe> {
  if (!ativo && id === p.usuarioId) throw new ErroDaApi(400, MSG.proprioUsuario);
  await exigirGerenciavel(deps.db, p, id);
  await deps.db.transaction(async (tx) => {
    if (!(await atualizar(tx, id, { situacao: ativo }))) throw naoEncontrado();
    if (!ativo) await aoInativarUsuario(tx, id);
    await registrarAuditoria(tx, { usuarioId: id, emuladorId: p.usuarioId, acao: ativo ? 'USUARIO_ATIVADO' : 'USUARIO_INATIVADO', ip });
  });
  return obterUsuario(deps.db, id);
}

/** GET /api/usuarios/{id}/emulacao: audited start of an emulation. */
export async function iniciarEmulacao(db: Executor, p: Principal, id: number, ip: string): Promise<Emulacao> {
  if (id === p.usuarioId) throw new ErroDaApi(400, MSG.emulacaoPropria);
  const alvo = await buscarSessao(db, id);
  if (!alvo) throw naoEncontrado();
  if (!emulavel(alvo)) throw new ErroDaApi(403, MSG.emulacaoSomenteClientes);
  await registrarAuditoria(db, { usuarioId: alvo.id, emuladorId: p.usuarioId, acao: 'EMULACAO_INICIO', ip });
  return { usuarioId: alvo.id, nome: alvo.nome, authorities: alvo.authorities, isClient: alvo.isClient };
}
