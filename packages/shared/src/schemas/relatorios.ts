import * as z from '@rastro/shared/zod';
import { nomeado } from './common';
import { MSG } from '../messages';
import { isDataValida } from '../validators';

/** 'YYYY-MM-DD', a real calendar day of the years 1000–3000 (the rule of every date field). */
const dataIso = z.string().check(
  z.refine((v) => {
    const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
    return m !== null && isDataValida(`${m[3]}/${m[2]}/${m[1]}`);
  }, MSG.dataInvalida),
);

/** Query of the dashboard calls: a period of days (default: the last 31 days up to today). */
export const relatorioQuerySchema = z.object({ dataInicial: z.optional(dataIso), dataFinal: z.optional(dataIso) });
export type RelatorioQuery = z.infer<typeof relatorioQuerySchema>;

export const totalizadoresSchema = nomeado(
  'Totalizadores',
  z.object({ totalUsuarios: z.int(), totalRastreadores: z.int(), totalLocalizacoes: z.int(), totalChips: z.int() }),
);
export type Totalizadores = z.infer<typeof totalizadoresSchema>;

export const situacoesSchema = nomeado(
  'SituacoesRastreadores',
  z.object({ totalAguardandoVinculo: z.int(), totalAtivo: z.int(), totalInativo: z.int(), totalAlerta: z.int() }),
);
export type Situacoes = z.infer<typeof situacoesSchema>;

export const situacoesEnergiaSchema = nomeado(
  'SituacoesEnergia',
  z.object({ totalDesligado: z.int(), totalLigado: z.int(), totalAguardandoDesligamento: z.int() }),
);
export type SituacoesEnergia = z.infer<typeof situacoesEnergiaSchema>;

/** The kinds of history kept, each with its own retention (RETENCAO_DIAS_GPS, _WIFI_LBS, _BATERIA). */
export const TIPOS_HISTORICO = ['GPS', 'WIFI_LBS', 'BATERIA'] as const;

/** How much history the server holds per kind: the oldest record kept, its size on disk, and how long it is kept. */
export const armazenamentoSchema = nomeado(
  'ArmazenamentoHistorico',
  z.array(
    z.object({
      tipo: z.enum(TIPOS_HISTORICO),
      /** ISO instant of the oldest record kept; null when there is none. */
      maisAntiga: z.nullable(z.string()),
      bytes: z.number(),
      retencaoDias: z.int(),
    }),
  ),
);
export type Armazenamento = z.infer<typeof armazenamentoSchema>;
