import { JANELA_DASHBOARD_DIAS } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { Armazenamento, RelatorioQuery, Situacoes, SituacoesEnergia, Totalizadores } from '@rastro/shared/schemas/relatorios';
import type { Infra } from '../../plugins/infra';
import { ErroDaApi } from '../../lib/erros';
import { armazenamentoDoHistorico } from '../localizacoes/service';
import { porSituacao, porSituacaoEnergia, totalizadores, type Periodo } from './repository';

/** Building an Intl.DateTimeFormat costs far more than using one: one of each per time zone. */
const formatos = new Map<string, { relogio: Intl.DateTimeFormat; dia: Intl.DateTimeFormat }>();
function formatosDe(timeZone: string) {
  let f = formatos.get(timeZone);
  if (!f) {
    f = {
      relogio: new Intl.DateTimeFormat('en-US', {
        timeZone,
        hourCycle: 'h23',
        year: 'numeric',
        month: '2-digit',
        day: '2-digit',
        hour: '2-digit',
        minute: '2-digit',
      }),
      dia: new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }),
    };
    formatos.set(timeZone, f);
  }
  return f;
}

/** Offset of `timeZone` at `instant`, in minutes (e.g. -180 for America/Sao_Paulo). */
function offsetMinutos(timeZone: string, instant: Date): number {
  const partes = formatosDe(timeZone).relogio.formatToParts(instant);
  const v = (t: string) => Number(partes.find((x) => x.type === t)?.value);
  return (Date.UTC(v('year'), v('month') - 1, v('day'), v('hour'), v('minute')) - instant.getTime()) / 60_000;
}

/** Days already turned into instants (every dashboard request asks for the same few). */
const inicios = new Map<string, number>();

/** Midnight of a 'YYYY-MM-DD' day in the app's time zone, as an instant. */
export function inicioDoDia(dia: string, timeZone: string): Date {
  const chave = `${timeZone}|${dia}`;
  let t = inicios.get(chave);
  if (t === undefined) {
    const [a, m, d] = dia.split('-').map(Number);
    const utc = Date.UTC(a ?? 0, (m ?? 1) - 1, d ?? 1);
    t = utc - offsetMinutos(timeZone, new Date(utc)) * 60_000;
    if (inicios.size >= 1000) inicios.clear();
    inicios.set(chave, t);
  }
  return new Date(t);
}

const hojeNoFuso = (timeZone: string) => formatosDe(timeZone).dia.format(new Date());
const somarDias = (dia: string, n: number) => new Date(Date.parse(`${dia}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** The period of the dashboard: default the last 31 days up to today (APP_TIMEZONE). */
export function periodo(deps: Pick<Infra, 'config'>, q: RelatorioQuery): Periodo {
  const tz = deps.config.timezone;
  const dataFinal = q.dataFinal ?? hojeNoFuso(tz);
  const dataInicial = q.dataInicial ?? somarDias(dataFinal, -(JANELA_DASHBOARD_DIAS - 1));
  if (Number.isNaN(Date.parse(dataInicial)) || Number.isNaN(Date.parse(dataFinal))) throw new ErroDaApi(400, MSG.dataInvalida);
  if (dataInicial > dataFinal) throw new ErroDaApi(400, MSG.dataInicialAposFinal);
  return { inicio: inicioDoDia(dataInicial, tz), fimExclusivo: inicioDoDia(somarDias(dataFinal, 1), tz) };
}

/** The dashboard's counts tolerate a few seconds of lag: they read from `dbLeitura` (the replica, when there is one). */
export const relatorioTotalizadores = (deps: Pick<Infra, 'dbLeitura' | 'config'>, q: RelatorioQuery): Promise<Totalizadores> =>
  totalizadores(deps.dbLeitura, periodo(deps, q));

export async function relatorioSituacoes(deps: Pick<Infra, 'dbLeitura' | 'config'>, q: RelatorioQuery): Promise<Situacoes> {
  const rows = await porSituacao(deps.dbLeitura, periodo(deps, q));
  const n = (s: string) => rows.find((r) => r.situacao === s)?.n ?? 0;
  return { totalAguardandoVinculo: n('AGUARDANDO_VINCULO'), totalAtivo: n('ATIVO'), totalInativo: n('INATIVO'), totalAlerta: n('ALERTA') };
}

export async function relatorioSituacoesEnergia(deps: Pick<Infra, 'dbLeitura' | 'config'>, q: RelatorioQuery): Promise<SituacoesEnergia> {
  const rows = await porSituacaoEnergia(deps.dbLeitura, periodo(deps, q));
  const n = (s: string) => rows.find((r) => r.situacao === s)?.n ?? 0;
  return { totalDesligado: n('DESLIGADO'), totalLigado: n('LIGADO'), totalAguardandoDesligamento: n('AGUARDANDO_DESLIGAMENTO') };
}

/** GET /api/relatorios/armazenamento: the history kept per kind (issue #21). */
export const relatorioArmazenamento = (deps: Pick<Infra, 'db' | 'config'>): Promise<Armazenamento> =>
  armazenamentoDoHistorico(deps.db, deps.config.retencao);
