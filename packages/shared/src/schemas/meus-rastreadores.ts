import * as z from '@rastro/shared/zod';
import { ID_MAX, INTERVALO_MINUTOS, LIMITES, MODO_PERDIDO, PERIODOS_ULTRA_ECONOMIA } from '../constants';
import { SITUACOES_ENERGIA, SITUACOES_RASTREADOR } from '../dominio';
import { MSG, maxCaracteres } from '../messages';
import { nomeado, pageSchema, paginacaoQuerySchema } from './common';
import { ausenteSeNulo, codigoAtivacaoOpcional, idDoFormulario, obrigatorio, opcional } from './fields';

const simNao = z.enum(['V', 'F']);

/** Lost-pet mode while on (issue #19): since when and until when; null when off. */
export const modoPerdidoSchema = nomeado(
  'ModoPerdido',
  z.nullable(z.object({ ativo: z.literal(true), desde: z.string(), ate: z.string() })),
);
export type ModoPerdido = z.infer<typeof modoPerdidoSchema>;

/** PUT /api/usuarios/rastreadores/{id}/modo-perdido: on for `horas` (1 to 24, default 6), or off. */
export const modoPerdidoFormSchema = z.object({
  ativo: z.boolean({ error: MSG.campoObrigatorio }),
  horas: z._default(
    z
      .int({ error: MSG.horasModoPerdidoInvalidas })
      .check(z.gte(MODO_PERDIDO.horasMin, MSG.horasModoPerdidoInvalidas), z.lte(MODO_PERDIDO.horasMax, MSG.horasModoPerdidoInvalidas)),
    MODO_PERDIDO.horasPadrao,
  ),
});
export type ModoPerdidoForm = z.input<typeof modoPerdidoFormSchema>;

/** A tracker as its owner sees it (spec §3, Tracker (own list)); `id` is the owner's link. */
export const meuRastreadorSchema = nomeado(
  'MeuRastreador',
  z.object({
    id: z.int(),
    rastreadorId: z.int(),
    imei: z.string(),
    descricao: z.string(),
    /** Minutes. */
    intervaloLocalizacao: z.int(),
    /** Percent; null when the tracker never reported it. */
    bateria: z.nullable(z.int()),
    nivelSinal: z.nullable(z.int()),
    dataCadastro: z.string(),
    ultimaComunicacao: z.nullable(z.string()),
    situacao: z.enum(SITUACOES_RASTREADOR),
    situacaoDescricao: z.string(),
    situacaoEnergia: z.enum(SITUACOES_ENERGIA),
    situacaoEnergiaDescricao: z.string(),
    economiaBateria: simNao,
    ultraEconomiaBateria: simNao,
    /** Ultra-economy period in minutes (one of PERIODOS_ULTRA_ECONOMIA). */
    periUltraEconBateria: z.nullable(z.int()),
    modoPerdido: modoPerdidoSchema,
    /** The owner's name when the caller is a co-guardian of this tracker (issue #20); null for the owner. */
    compartilhadoPor: z.nullable(z.string()),
    /** The pet's photo (a URL that changes with the photo), null when it has none. */
    foto: z.nullable(z.string()),
  }),
);
export type MeuRastreador = z.infer<typeof meuRastreadorSchema>;
export const meuRastreadorPageSchema = pageSchema(meuRastreadorSchema);

export const MEU_RASTREADOR_ORDENAVEIS = ['id', 'imei', 'descricao', 'intervaloLocalizacao', 'bateria', 'dataCadastro'] as const;
/** GET /api/usuarios/rastreadores: searched by descrição and IMEI, ordered by id. */
export const meuRastreadorFiltroSchema = z.extend(paginacaoQuerySchema(MEU_RASTREADOR_ORDENAVEIS, 'id'), {
  descricao: z.optional(opcional(LIMITES.descricao)),
  imei: z.optional(opcional(LIMITES.imei)),
});
export type MeuRastreadorFiltro = z.input<typeof meuRastreadorFiltroSchema>;

const PERIODOS = PERIODOS_ULTRA_ECONOMIA.map((p) => p.minutos) as number[];

/**
 * POST /api/usuarios/rastreadores: without id, links the tracker registered with this IMEI
 * (it must await a link); with id, updates the owner's settings (the IMEI is ignored).
 */
export const meuRastreadorFormSchema = z.object({
  id: idDoFormulario(),
  imei: obrigatorio(LIMITES.imei).check(z.regex(/^\d+$/, MSG.campoInvalido)),
  /** The code on the box, when the tracker has one (linking only). */
  codigoAtivacao: codigoAtivacaoOpcional(),
  descricao: obrigatorio(LIMITES.descricao),
  intervaloLocalizacao: z
    .number({ error: MSG.campoObrigatorio })
    .check(
      z.int(MSG.intervaloInvalido),
      z.gte(INTERVALO_MINUTOS.min, MSG.intervaloInvalido),
      z.lte(INTERVALO_MINUTOS.max, MSG.intervaloInvalido),
    ),
  periUltraEconBateria: z.number({ error: MSG.campoObrigatorio }).check(
    z.int(),
    z.refine((v) => PERIODOS.includes(v), { error: MSG.periodoUltraInvalido }),
  ),
});
export type MeuRastreadorForm = z.infer<typeof meuRastreadorFormSchema>;

/** The same rules as the form holds them: the interval is typed as text (max 3 digits). */
export const meuRastreadorFormTelaSchema = z.extend(meuRastreadorFormSchema, {
  intervaloLocalizacao: z.string().check(
    z.trim(),
    z.minLength(1, { error: MSG.campoObrigatorio, abort: true }),
    z.maxLength(3, maxCaracteres(3)),
    z.regex(/^\d+$/, MSG.campoInvalido),
    z.refine((v) => Number(v) >= INTERVALO_MINUTOS.min && Number(v) <= INTERVALO_MINUTOS.max, { error: MSG.intervaloInvalido }),
  ),
  periUltraEconBateria: z
    .nullable(z.number({ error: MSG.campoObrigatorio }).check(z.int()))
    .check(z.refine((v) => v !== null && PERIODOS.includes(v), { error: MSG.campoObrigatorio })),
});
export type MeuRastreadorFormTela = z.infer<typeof meuRastreadorFormTelaSchema>;

/** PUT /api/usuarios/rastreadores/sincronizar: one tracker, or every tracker of the user. */
export const sincronizarSchema = z.object({ usuarioRastreadorId: ausenteSeNulo(z.int().check(z.positive(), z.lte(ID_MAX))) });
export type Sincronizar = z.infer<typeof sincronizarSchema>;
