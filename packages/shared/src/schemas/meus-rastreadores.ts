import { z } from 'zod';
import { ID_MAX, INTERVALO_MINUTOS, LIMITES, PERIODOS_ULTRA_ECONOMIA } from '../constants';
import { SITUACOES_ENERGIA, SITUACOES_RASTREADOR } from '../dominio';
import { MSG, maxCaracteres } from '../messages';
import { paginacaoQuerySchema, pageSchema } from './common';
import { obrigatorio, opcional } from './fields';

const simNao = z.enum(['V', 'F']);

/** A tracker as its owner sees it (spec §3, Tracker (own list)); `id` is the owner's link. */
export const meuRastreadorSchema = z
  .object({
    id: z.number().int(),
    rastreadorId: z.number().int(),
    imei: z.string(),
    descricao: z.string(),
    /** Minutes. */
    intervaloLocalizacao: z.number().int(),
    /** Percent; null when the tracker never reported it. */
    bateria: z.number().int().nullable(),
    nivelSinal: z.number().int().nullable(),
    dataCadastro: z.string(),
    ultimaComunicacao: z.string().nullable(),
    situacao: z.enum(SITUACOES_RASTREADOR),
    situacaoDescricao: z.string(),
    situacaoEnergia: z.enum(SITUACOES_ENERGIA),
    situacaoEnergiaDescricao: z.string(),
    economiaBateria: simNao,
    ultraEconomiaBateria: simNao,
    /** Ultra-economy period in minutes (one of PERIODOS_ULTRA_ECONOMIA). */
    periUltraEconBateria: z.number().int().nullable(),
  })
  .meta({ id: 'MeuRastreador' });
export type MeuRastreador = z.infer<typeof meuRastreadorSchema>;
export const meuRastreadorPageSchema = pageSchema(meuRastreadorSchema);

export const MEU_RASTREADOR_ORDENAVEIS = ['id', 'imei', 'descricao', 'intervaloLocalizacao', 'bateria', 'dataCadastro'] as const;
/** GET /api/usuarios/rastreadores: searched by descrição and IMEI, ordered by id. */
export const meuRastreadorFiltroSchema = paginacaoQuerySchema(MEU_RASTREADOR_ORDENAVEIS, 'id').extend({
  descricao: opcional(LIMITES.descricao).optional(),
  imei: opcional(LIMITES.imei).optional(),
});
export type MeuRastreadorFiltro = z.input<typeof meuRastreadorFiltroSchema>;

const PERIODOS = PERIODOS_ULTRA_ECONOMIA.map((p) => p.minutos) as number[];

/**
 * POST /api/usuarios/rastreadores: without id, links the tracker registered with this IMEI
 * (it must await a link); with id, updates the owner's settings (the IMEI is ignored).
 */
export const meuRastreadorFormSchema = z.object({
  id: z.number().int().positive().max(ID_MAX).optional(),
  imei: obrigatorio(LIMITES.imei).regex(/^\d+$/, MSG.campoInvalido),
  descricao: obrigatorio(LIMITES.descricao),
  intervaloLocalizacao: z
    .number({ error: MSG.campoObrigatorio })
    .int(MSG.intervaloInvalido)
    .min(INTERVALO_MINUTOS.min, MSG.intervaloInvalido)
    .max(INTERVALO_MINUTOS.max, MSG.intervaloInvalido),
  periUltraEconBateria: z
    .number({ error: MSG.campoObrigatorio })
    .int()
    .refine((v) => PERIODOS.includes(v), { error: MSG.periodoUltraInvalido }),
});
export type MeuRastreadorForm = z.infer<typeof meuRastreadorFormSchema>;

/** The same rules as the form holds them: the interval is typed as text (max 3 digits). */
export const meuRastreadorFormTelaSchema = meuRastreadorFormSchema.extend({
  intervaloLocalizacao: z
    .string()
    .trim()
    .min(1, { error: MSG.campoObrigatorio, abort: true })
    .max(3, maxCaracteres(3))
    .regex(/^\d+$/, MSG.campoInvalido)
    .refine((v) => Number(v) >= INTERVALO_MINUTOS.min && Number(v) <= INTERVALO_MINUTOS.max, { error: MSG.intervaloInvalido }),
  periUltraEconBateria: z.number({ error: MSG.campoObrigatorio }).int().nullable().refine((v) => v !== null && PERIODOS.includes(v), { error: MSG.campoObrigatorio }),
});
export type MeuRastreadorFormTela = z.infer<typeof meuRastreadorFormTelaSchema>;

/** PUT /api/usuarios/rastreadores/sincronizar: one tracker, or every tracker of the user. */
export const sincronizarSchema = z.object({ usuarioRastreadorId: z.number().int().positive().max(ID_MAX).optional() });
export type Sincronizar = z.infer<typeof sincronizarSchema>;
