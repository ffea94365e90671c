import * as z from '@rastro/shared/zod';
import { MSG, periodoAtividadeMaximo } from '../messages';
import { isDataValida } from '../validators';
import { nomeado } from './common';

/** Daily activity (issue #20): the longest period one read may ask for, and the goal's bounds. */
export const ATIVIDADE = {
  periodoMaximoDias: 92,
  metaMetros: { min: 100, max: 100_000 },
  metaMinutos: { min: 5, max: 1440 },
} as const;

const DIA_MS = 86_400_000;
const DATA_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD', a real calendar day. */
const dataDoDia = z.string({ error: MSG.dataAtividadeInvalida }).check(
  z.refine((v) => {
    const m = DATA_RE.exec(v);
    return m !== null && isDataValida(`${m[3]}/${m[2]}/${m[1]}`);
  }, MSG.dataAtividadeInvalida),
);

/** Days from `a` to `b` ('YYYY-MM-DD'), both included. */
export const diasNoPeriodo = (a: string, b: string) =>
  Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / DIA_MS) + 1;

/** GET /api/usuarios/rastreadores/{id}/atividade: days in APP_TIMEZONE, both ends included, at most 92. */
export const atividadeQuerySchema = z.object({ dataInicial: dataDoDia, dataFinal: dataDoDia }).check(
  z.superRefine((q, ctx) => {
    const dias = diasNoPeriodo(q.dataInicial, q.dataFinal);
    if (dias < 1) ctx.addIssue({ code: 'custom', path: ['dataFinal'], message: MSG.periodoAtividadeInvertido });
    else if (dias > ATIVIDADE.periodoMaximoDias)
      ctx.addIssue({ code: 'custom', path: ['dataFinal'], message: periodoAtividadeMaximo(ATIVIDADE.periodoMaximoDias) });
  }),
);
export type AtividadeQuery = z.infer<typeof atividadeQuerySchema>;

/** One day of a pet: metres walked, minutes moving and minutes observed still (zeros when nothing). */
export const atividadeDiaSchema = nomeado(
  'AtividadeDia',
  z.object({ data: z.string(), distanciaMetros: z.int(), minutosAtivos: z.int(), minutosRepouso: z.int() }),
);
export type AtividadeDia = z.infer<typeof atividadeDiaSchema>;
export const atividadeDiasSchema = z.array(atividadeDiaSchema);

export const TIPOS_META_ATIVIDADE = ['METROS', 'MINUTOS'] as const;
export type TipoMetaAtividade = (typeof TIPOS_META_ATIVIDADE)[number];

/** A daily goal: metres walked or active minutes. */
export const metaAtividadeSchema = nomeado(
  'MetaAtividade',
  z
    .object({
      tipo: z.enum(TIPOS_META_ATIVIDADE, { error: MSG.metaTipoInvalido }),
      valor: z.int({ error: MSG.metaValorInvalido }),
    })
    .check(
      z.superRefine((m, ctx) => {
        const [limites, message] =
          m.tipo === 'METROS' ? [ATIVIDADE.metaMetros, MSG.metaMetrosInvalida] : [ATIVIDADE.metaMinutos, MSG.metaMinutosInvalida];
        if (m.valor < limites.min || m.valor > limites.max) ctx.addIssue({ code: 'custom', path: ['valor'], message });
      }),
    ),
);
export type MetaAtividade = z.infer<typeof metaAtividadeSchema>;

/** GET and PUT …/meta-atividade: the goal, or null (none; PUT null clears it). */
export const metaAtividadeOuNulaSchema = z.nullable(metaAtividadeSchema);
