import type { Db } from '../../db/client';
import type { FonteDeSessoes } from '../../plugins/auth';
import { registrarAuditoria } from '../auditoria/service';
import { buscarSessao, emulavel } from '../usuarios/service';
import { prepararSessaoPorToken, sessoesVivas } from './repository';

/** Where the auth plugin finds sessions: tokens, users and the audit trail of this database. */
export function fonteDeSessoes(db: Db): FonteDeSessoes {
  const porToken = prepararSessaoPorToken(db);
  return {
    porToken,
    vivas: (tokenHashes) => sessoesVivas(db, tokenHashes),
    usuario: (id) => buscarSessao(db, id),
    emulavel,
    auditarEmulacao: ({ usuarioId, emuladorId, metodo, rota, ip }) =>
      registrarAuditoria(db, { usuarioId, emuladorId, acao: 'EMULACAO_REQUISICAO', detalhe: { metodo, rota }, ip }),
  };
}
