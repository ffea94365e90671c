import {
  DESCRICAO_SITUACAO_ENERGIA,
  SITUACOES_ENERGIA,
  TIPOS_LOCALIZACAO,
  descricaoRede,
  type FormatoExportacao,
} from '@rastro/shared/dominio';
import { caminhoDaFoto } from '@rastro/shared/constants';
import { PER } from '@rastro/shared/permissoes';
import type { Page } from '@rastro/shared/schemas/common';
import type { Bateria, Localizacao } from '@rastro/shared/schemas/localizacoes';
import type { LocalizacaoPublica } from '@rastro/shared/schemas/links';
import type { MapaQuery, Marcador } from '@rastro/shared/schemas/mapa';
import type { ModoPerdido } from '@rastro/shared/schemas/meus-rastreadores';
import type { Executor } from '../../db/client';
import { naoEncontrado } from '../../lib/erros';
import { iso, pagina, type Paginacao } from '../../lib/paginacao';
import type { Principal } from '../../plugins/auth';
import type { Infra } from '../../plugins/infra';
import { modoPerdidoDe, papelNoRastreador, vinculoDoUsuario } from '../meus-rastreadores/service';
import { atualizarBateria } from '../rastreadores/alteracoes-service';
import { ladosNasZonas, type LadosNasZonas } from '../zonas/service';
import { gerarArquivo, nomeDoArquivo, TIPO_CONTEUDO } from './exportar';
import {
  donoDoRastreador,
  historico,
  inserirBateria,
  listarBaterias,
  listarLocalizacoes,
  listarLocalizacoesAtuais,
  type FiltroLocalizacoes,
  type LocalizacaoAtual,
} from './repository';
import { umDe } from '../../lib/dominio';

export { ultimaLocalizacao } from './repository';
export { armazenamentoDoHistorico } from './particoes';

/** PER100 sees every tracker's data; anyone else only the trackers they own or co-guard. Others: 404. */
async function exigirAcesso(db: Executor, p: Principal, rastreadorId: number) {
  const r = await donoDoRastreador(db, rastreadorId);
  const pode = r && (p.authorities.includes(PER.RASTREADORES) || (await papelNoRastreador(db, p.usuarioId, rastreadorId)) !== null);
  if (!r || !pode) throw naoEncontrado();
  return r;
}

/**
 * Whether this pet's positions are hidden from its owner and guardians: its subscription is
 * suspended (issue #35) and it is not lost. Storing goes on, and so do alarms and share links:
 * paying shows everything again. An administrator of trackers still sees them.
 */
function oculto(r: { suspensoDesde: Date | null; perdidoDesde: Date | null; perdidoAte: Date | null }) {
  return r.suspensoDesde !== null && modoPerdidoDe(r) === null;
}
const ocultoPara = (p: Principal, r: { suspensoDesde: Date | null; perdidoDesde: Date | null; perdidoAte: Date | null }) =>
  !p.authorities.includes(PER.RASTREADORES) && oculto(r);

/**
 * The heavy reads below go to `dbLeitura` (the read replica when it is up and caught up,
 * docs/adr/0015-replica-de-leitura.md); who may see the tracker is always asked of the primary.
 */
export async function listarLocalizacoesDoRastreador(
  deps: Pick<Infra, 'db' | 'dbLeitura'>,
  p: Principal,
  f: FiltroLocalizacoes,
): Promise<Page<Localizacao>> {
  const { db, dbLeitura: leitura } = deps;
  const r = await exigirAcesso(db, p, f.rastreadorId);
  if (ocultoPara(p, r)) return pagina([], 0, f);
  const { rows, total } = await listarLocalizacoes(leitura, f);
  return pagina(
    rows.map((r) => ({
      ...r,
      tipo: umDe(TIPOS_LOCALIZACAO, r.tipo, 'GPS'),
      dataHora: iso(r.dataHora),
      redeDescricao: descricaoRede(r.codigoPais, r.rede),
    })),
    total,
    f,
  );
}

export async function listarBateriasDoRastreador(
  deps: Pick<Infra, 'db' | 'dbLeitura'>,
  p: Principal,
  f: Paginacao & { rastreadorId: number },
): Promise<Page<Bateria>> {
  const { db, dbLeitura: leitura } = deps;
  await exigirAcesso(db, p, f.rastreadorId);
  const { rows, total } = await listarBaterias(leitura, f);
  return pagina(
    rows.map((r) => ({ ...r, dataCadastro: iso(r.dataCadastro) })),
    total,
    f,
  );
}

/** Whose marker it is: the owner's link and the tracker's state. */
interface DonoDoMarcador {
  rastreadorId: number;
  usuarioRastreadorId: number;
  descricao: string;
  bateria: number | null;
  situacaoEnergia: string;
}

/** Where the marker stands: one stored position. */
interface PontoDoMarcador {
  latitude: number;
  longitude: number;
  /** ISO-8601 in UTC. */
  dataHora: string;
  tipo: string;
  precisao: number | null;
  velocidade: number | null;
}

const NENHUMA_ZONA: LadosNasZonas = { fora: [], dentro: [] };

/** A map marker: a position of a tracker as its owner sees it (and where it stands in its zones now). */
function marcador(
  id: number,
  d: DonoDoMarcador,
  p: PontoDoMarcador,
  lados: LadosNasZonas = NENHUMA_ZONA,
  modoPerdido: ModoPerdido = null,
  compartilhadoPor: string | null = null,
  foto: string | null = null,
): Marcador {
  const situacaoEnergia = umDe(SITUACOES_ENERGIA, d.situacaoEnergia, 'LIGADO');
  return {
    id,
    rastreadorId: d.rastreadorId,
    usuarioRastreadorId: d.usuarioRastreadorId,
    name: d.descricao,
    position: { lat: p.latitude, lng: p.longitude },
    bateria: d.bateria,
    situacaoEnergia,
    situacaoEnergiaDescricao: DESCRICAO_SITUACAO_ENERGIA[situacaoEnergia],
    desligar: situacaoEnergia === 'LIGADO',
    dataHora: p.dataHora,
    tipo: umDe(TIPOS_LOCALIZACAO, p.tipo, 'GPS'),
    precisao: p.precisao,
    velocidade: p.velocidade,
    foraDeZonas: [...lados.fora],
    dentroDeZonas: [...lados.dentro],
    compartilhadoPor,
    modoPerdido,
    foto,
  };
}

/** Latest positions as map markers (also what the live channel pushes); their ids are the links'. */
function marcadoresAtuais(posicoes: readonly LocalizacaoAtual[], lados: ReadonlyMap<number, LadosNasZonas>) {
  return posicoes
    .filter((u) => !oculto(u))
    .map((u) => ({
      usuarioId: u.usuarioId,
      marcador: marcador(
        u.usuarioRastreadorId,
        u,
        u,
        lados.get(u.rastreadorId),
        modoPerdidoDe(u),
        u.compartilhadoPor,
        u.fotoVersao === null ? null : caminhoDaFoto(u.usuarioRastreadorId, u.fotoVersao),
      ),
    }));
}

/** The current position of each of these trackers, as its owner's marker (the live channel: `compartilhadoPor` is the viewer's to set). */
export async function marcadoresDosRastreadores(db: Executor, rastreadorIds: readonly number[]) {
  const [posicoes, lados] = await Promise.all([listarLocalizacoesAtuais(db, { rastreadorIds }), ladosNasZonas(db, { rastreadorIds })]);
  return marcadoresAtuais(posicoes, lados);
}

/**
 * What a share link shows of a tracker now (issue #19): its latest position, how precise it is
 * (a GPS fix counts as `precisaoGpsMetros`) and its battery; null while it has none.
 */
export async function localizacaoPublica(
  db: Executor,
  rastreadorId: number,
  precisaoGpsMetros: number,
): Promise<LocalizacaoPublica | null> {
  const [u] = await listarLocalizacoesAtuais(db, { rastreadorIds: [rastreadorId] });
  if (!u) return null;
  return {
    latitude: u.latitude,
    longitude: u.longitude,
    precisaoMetros: u.tipo === 'GPS' ? precisaoGpsMetros : u.precisao,
    dataHora: u.dataHora,
    bateria: u.bateria,
  };
}

/** A tracker's trail since `de`, oldest first (a share link's last hours). */
export async function rastroDesde(db: Executor, rastreadorId: number, de: Date) {
  const pontos = await historico(db, rastreadorId, de, new Date());
  return pontos.map((p) => ({ latitude: p.latitude, longitude: p.longitude, dataHora: p.dataHora }));
}

/**
 * A battery reading from the device: kept in the history, and the tracker's current level. A
 * status without a battery (null: out of 0–100 on the wire) adds nothing to the history.
 */
export async function registrarBateria(
  db: Executor,
  rastreadorId: number,
  bateria: number | null,
  nivelSinal: number | null,
  carregando: boolean | null,
) {
  if (bateria !== null) await inserirBateria(db, { rastreadorId, bateria, nivelSinal, carregando });
  await atualizarBateria(db, rastreadorId, bateria, nivelSinal);
}

/** GET /api/usuarios/rastreadores/ultimas-localizacoes: current positions, or one tracker's route. */
export async function ultimasLocalizacoes(deps: Pick<Infra, 'db' | 'dbLeitura'>, p: Principal, q: MapaQuery): Promise<Marcador[]> {
  const { db, dbLeitura: leitura } = deps;
  if (q.tipoVisualizacao === 'ATUAL') {
    if (q.usuarioRastreadorId !== undefined && !(await vinculoDoUsuario(db, p.usuarioId, q.usuarioRastreadorId))) throw naoEncontrado();
    const [posicoes, lados] = await Promise.all([
      listarLocalizacoesAtuais(db, { usuarioId: p.usuarioId, usuarioRastreadorId: q.usuarioRastreadorId }),
      ladosNasZonas(db, { usuarioId: p.usuarioId }),
    ]);
    // Pets shared with the user (co-guardian) are in their owners' zones: asked only when there are any.
    const compartilhados = posicoes.filter((u) => u.usuarioId !== p.usuarioId).map((u) => u.rastreadorId);
    if (compartilhados.length > 0) for (const [id, l] of await ladosNasZonas(db, { rastreadorIds: compartilhados })) lados.set(id, l);
    return marcadoresAtuais(posicoes, lados).map((m) => m.marcador);
  }
  // The schema requires these in HISTORICO.
  const { usuarioRastreadorId, dataInicial, dataFinal } = q as Required<MapaQuery>;
  const link = await vinculoDoUsuario(db, p.usuarioId, usuarioRastreadorId);
  if (!link) throw naoEncontrado();
  if (oculto(link)) return [];
  const pontos = await historico(leitura, link.rastreadorId, new Date(dataInicial), new Date(dataFinal));
  const dono = { ...link, usuarioRastreadorId: link.id };
  return pontos.map((l) => marcador(l.id, dono, l));
}

/** GET /api/localizacoes/exportar: the route of a period as GPX, KML or CSV. */
export async function exportarHistorico(
  deps: Pick<Infra, 'db' | 'dbLeitura'>,
  p: Principal,
  q: { rastreadorId: number; dataInicial: string; dataFinal: string; formato: FormatoExportacao },
) {
  const { db, dbLeitura: leitura } = deps;
  const r = await exigirAcesso(db, p, q.rastreadorId);
  const de = new Date(q.dataInicial);
  const pontos = ocultoPara(p, r) ? [] : await historico(leitura, q.rastreadorId, de, new Date(q.dataFinal));
  const nome = r.descricao ?? r.imei;
  return {
    conteudo: gerarArquivo(q.formato, nome, pontos),
    tipo: TIPO_CONTEUDO[q.formato],
    arquivo: nomeDoArquivo(q.formato, nome, de),
  };
}
