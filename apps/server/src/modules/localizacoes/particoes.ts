import { sql } from 'drizzle-orm';
import type { Armazenamento } from '@rastro/shared/schemas/relatorios';
import { consultar, type Db, type Executor } from '../../db/client';
import { tarefaDeFundo } from '../../lib/tarefa-de-fundo';
import { LIMITE_FUTURO_MS } from './gravacao';

/** RETENCAO_DIAS_*: days of history kept per kind. */
export interface Retencao {
  gpsDias: number;
  varredurasDias: number;
  bateriasDias: number;
}

export const RETENCAO_PADRAO: Retencao = { gpsDias: 400, varredurasDias: 90, bateriasDias: 400 };

/** Months created ahead of the current one: a month never starts without its partition. */
const MESES_ADIANTE = 2;
/** Retention never waits long for a lock the ingestion holds: it gives up and tries next time. */
const ESPERA_LOCK = '2s';
/** The advisory lock that lets one instance at a time apply the retention. */
const LOCK_RETENCAO = 0x7261_7374;

type Pai = 'localizacoes_gps' | 'localizacoes_varreduras' | 'baterias';

/** Each partitioned table (by month) and how long its rows are kept. */
const pais = (r: Retencao): { pai: Pai; dias: number; coluna: 'data_hora' | 'data_cadastro' }[] => [
  { pai: 'localizacoes_gps', dias: r.gpsDias, coluna: 'data_hora' },
  { pai: 'localizacoes_varreduras', dias: r.varredurasDias, coluna: 'data_hora' },
  { pai: 'baterias', dias: r.bateriasDias, coluna: 'data_cadastro' },
];

const DIA_MS = 86_400_000;
/** The instances' clocks may differ this much: a row the gateway of one just took is not deleted by another. */
const MARGEM_RELOGIOS_MS = 5 * 60_000;
const diaUtc = (t: number) => new Date(t).toISOString().slice(0, 10);

/** First instant (UTC) of the month after `YYYY_MM`. */
function fimDoMes(ano: number, mes: number) {
  return Date.UTC(ano, mes, 1);
}

/**
 * Creates every monthly partition from the oldest month kept to `MESES_ADIANTE` months ahead
 * (migration 0015's SQL functions: rows of a new month already in the default partition move in).
 * Idempotent; returns how many were created.
 */
export async function garantirParticoes(db: Executor, r: Retencao, agora = Date.now()) {
  let criadas = 0;
  const ate = new Date(agora);
  const adiante = diaUtc(Date.UTC(ate.getUTCFullYear(), ate.getUTCMonth() + MESES_ADIANTE, 1));
  for (const { pai, dias } of pais(r)) {
    const [row] = await consultar<{ n: number }>(
      db,
      sql`select rastro_garantir_particoes(${pai}, ${diaUtc(agora - dias * DIA_MS)}::date, ${adiante}::date) as n`,
    );
    criadas += Number(row?.n ?? 0);
  }
  return criadas;
}

export interface ResultadoRetencao {
  /** false: another instance holds the lock (or the ingestion held a table longer than we wait). */
  aplicada: boolean;
  /** The partitions dropped. */
  removidas: string[];
  /** Rows past the retention deleted from the default partitions (a device clock far off). */
  foraDoPadrao: number;
  /** Positions and scans dated more than a day ahead deleted (stored before the gateway refused them). */
  futuras: number;
}

const nadaAplicado = (): ResultadoRetencao => ({ aplicada: false, removidas: [], foraDoPadrao: 0, futuras: 0 });

/**
 * Drops the monthly partitions entirely older than each kind's retention (never a mass DELETE of
 * the history), under an advisory lock so one instance does it at a time. What was learned for
 * geolocation from old scans lives elsewhere (pontos_wifi, celulas) and stays. Positions and scans
 * dated more than a day ahead are deleted wherever they are: the gateway refuses them now, so
 * they were stored before it did, and by their date no partition would ever be dropped with them
 * (most sit in the default partition, years ahead). Rows flagged `futura` within the day become
 * past and go with their month.
 */
export async function aplicarRetencao(db: Db, r: Retencao, agora = Date.now()): Promise<ResultadoRetencao> {
  try {
    return await db.transaction(async (tx) => {
      const [lock] = await consultar<{ ok: boolean }>(tx, sql`select pg_try_advisory_xact_lock(${LOCK_RETENCAO}) as ok`);
      if (!lock?.ok) return nadaAplicado();
      await tx.execute(sql.raw(`set local lock_timeout = '${ESPERA_LOCK}'`));
      const removidas: string[] = [];
      let foraDoPadrao = 0;
      let futuras = 0;
      const limiteFuturo = agora + LIMITE_FUTURO_MS + MARGEM_RELOGIOS_MS;
      for (const { pai, dias, coluna } of pais(r)) {
        const corte = agora - dias * DIA_MS;
        const filhas = await consultar<{ nome: string }>(
          tx,
          sql`select c.relname as nome from pg_inherits i join pg_class c on c.oid = i.inhrelid
              where i.inhparent = ${pai}::regclass order by c.relname`,
        );
        const doMes = new RegExp(`^${pai}_(\\d{4})_(\\d{2})$`);
        const fim = (nome: string) => {
          const m = doMes.exec(nome);
          return m ? fimDoMes(Number(m[1]), Number(m[2])) : undefined;
        };
        for (const { nome } of filhas) {
          const f = fim(nome);
          if (f === undefined || f > corte) continue;
          await tx.execute(sql.raw(`drop table "${nome}"`));
          removidas.push(nome);
        }
        const apagadas = await consultar<{ n: number }>(
          tx,
          sql`with d as (delete from ${sql.identifier(`${pai}_padrao`)} where ${sql.identifier(coluna)} < ${new Date(corte).toISOString()}::timestamptz returning 1)
              select count(*)::int as n from d`,
        );
        foraDoPadrao += Number(apagadas[0]?.n ?? 0);
        // The device's own time; a battery reading is dated by the server.
        if (coluna !== 'data_hora') continue;
        // Only where such rows can be, each partition by name: the default one and the months ahead.
        // Through the parent the statement would lock every partition, and meet the hourly creation
        // of months (which locks the default partition) in a deadlock.
        const adiante = filhas.map((f) => f.nome).filter((nome) => nome === `${pai}_padrao` || (fim(nome) ?? 0) > limiteFuturo);
        for (const nome of adiante) {
          const [d] = await consultar<{ n: number }>(
            tx,
            sql`with d as (delete from ${sql.identifier(nome)} where data_hora > ${new Date(limiteFuturo).toISOString()}::timestamptz returning 1)
                select count(*)::int as n from d`,
          );
          futuras += Number(d?.n ?? 0);
        }
      }
      return { aplicada: true, removidas, foraDoPadrao, futuras };
    });
  } catch (err) {
    // lock_not_available: the ingestion held a table past ESPERA_LOCK; next round.
    if ((err as { code?: string }).code === '55P03') return nadaAplicado();
    throw err;
  }
}

/** How much history each kind holds: the oldest row and the size on disk (the admin dashboard). */
export async function armazenamentoDoHistorico(db: Executor, r: Retencao): Promise<Armazenamento> {
  const tipos = { localizacoes_gps: 'GPS', localizacoes_varreduras: 'WIFI_LBS', baterias: 'BATERIA' } as const;
  const saida: Armazenamento = [];
  for (const { pai, dias, coluna } of pais(r)) {
    const [row] = await consultar<{ maisAntiga: string | Date | null; bytes: number | string }>(
      db,
      sql`select (select min(${sql.identifier(coluna)}) from ${sql.identifier(pai)}) as "maisAntiga",
            (select coalesce(sum(pg_total_relation_size(relid)), 0) from pg_partition_tree(${pai}::regclass) where isleaf) as bytes`,
    );
    saida.push({
      tipo: tipos[pai],
      maisAntiga: row?.maisAntiga ? new Date(row.maisAntiga).toISOString() : null,
      bytes: Number(row?.bytes ?? 0),
      retencaoDias: dias,
    });
  }
  return saida;
}

/** How often each instance makes sure the months ahead exist and applies the retention. */
const INTERVALO_MANUTENCAO_MS = 60 * 60_000;

/**
 * The partitions' upkeep on every instance: at start and then hourly, the months ahead are
 * created and the retention applied (one instance at a time; the others find the lock taken).
 */
export class ManutencaoDasParticoes {
  private timer: NodeJS.Timeout | undefined;
  private rodando: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly retencao: Retencao,
    private readonly log: { info: (o: object, msg: string) => void; warn: (o: object, msg: string) => void },
    private readonly intervaloMs = INTERVALO_MANUTENCAO_MS,
  ) {}

  iniciar() {
    this.rodada();
    this.timer = setInterval(() => this.rodada(), this.intervaloMs);
    this.timer.unref();
  }

  async parar() {
    if (this.timer) clearInterval(this.timer);
    await this.rodando;
  }

  private rodada() {
    if (this.rodando) return;
    this.rodando = (async () => {
      try {
        const criadas = await garantirParticoes(this.db, this.retencao);
        if (criadas > 0) this.log.info({ criadas }, 'partições mensais criadas');
        const r = await aplicarRetencao(this.db, this.retencao);
        if (r.removidas.length > 0 || r.foraDoPadrao > 0 || r.futuras > 0)
          this.log.info({ removidas: r.removidas, foraDoPadrao: r.foraDoPadrao, futuras: r.futuras }, 'retenção aplicada');
      } catch (err) {
        this.log.warn({ err }, 'falha na manutenção das partições');
      } finally {
        this.rodando = undefined;
      }
    })();
  }
}

/** The upkeep on every instance (modules/index.ts). */
export const manutencaoDasParticoes = tarefaDeFundo(
  'posicoes.particoes',
  (app) => new ManutencaoDasParticoes(app.db, app.config.retencao, app.log.child({ modulo: 'particoes' })),
);
