import { z } from 'zod';
import { MSG } from '../messages';
import { isDataValida } from '../validators';

/** 'YYYY-MM-DD', a real calendar day of the years 1000–3000 (the rule of every date field). */
const dataIso = z.string().refine((v) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
  return m !== null && isDataValida(`${m[3]}/${m[2]}/${m[1]}`);
}, MSG.dataInvalida);

/** Query of the dashboard calls: a period of days (default: the last 31 days up to today). */
export const relatorioQuerySchema = z.object({ dataInicial: dataIso.optional(), dataFinal: dataIso.optional() });
export type RelatorioQuery = z.infer<typeof relatorioQuerySchema>;

export const totalizadoresSchema = z
  .object({ totalUsuarios: z.number().int(), totalRastreadores: z.number().int(), totalLocalizacoes: z.number().int(), totalChips: z.number().int() })
  .meta({ id: 'Totalizadores' });
export type Totalizadores = z.infer<typeof totalizadoresSchema>;

export const situacoesSchema = z
  .object({ totalAguardandoVinculo: z.number().int(), totalAtivo: z.number().int(), totalInativo: z.number().int(), totalAlerta: z.number().int() })
  .meta({ id: 'SituacoesRastreadores' });
export type Situacoes = z.infer<typeof situacoesSchema>;

export const situacoesEnergiaSchema = z
  .object({ totalDesligado: z.number().int(), totalLigado: z.number().int(), totalAguardandoDesligamento: z.number().int() })
  .meta({ id: 'SituacoesEnergia' });
export type SituacoesEnergia = z.infer<typeof situacoesEnergiaSchema>;
