import * as z from '@rastro/shared/zod';
import { ID_MAX } from '../constants';
import { FORMATOS_EXPORTACAO, TIPOS_LOCALIZACAO } from '../dominio';
import { MSG } from '../messages';
import { nomeado, paginacaoQuerySchema, pageSchema } from './common';

const rastreadorId = z.coerce
  .number({ error: MSG.campoObrigatorio })
  .check(z.int(), z.positive(MSG.campoObrigatorio), z.lte(ID_MAX, MSG.campoInvalido));

/**
 * GET /api/localizacoes: one tracker's positions and scans, newest first. Rows dated ahead by the
 * device's clock (`futura`) only with `incluirFuturas=true`.
 */
export const localizacaoFiltroSchema = z.extend(paginacaoQuerySchema(['dataHora', 'id'] as const, 'dataHora', 'desc'), {
  rastreadorId,
  tipoLocalizacao: z.optional(z.enum(TIPOS_LOCALIZACAO, { error: MSG.campoInvalido })),
  incluirFuturas: z.optional(
    z.pipe(
      z.enum(['true', 'false'], { error: MSG.campoInvalido }),
      z.transform((v) => v === 'true'),
    ),
  ),
});
export type LocalizacaoFiltro = z.input<typeof localizacaoFiltroSchema>;

/** A row of the detail tables: GPS uses lat/lng/velocidade, WIFI macAddress, LBS the cell fields. */
export const localizacaoSchema = nomeado(
  'Localizacao',
  z.object({
    id: z.int(),
    rastreadorId: z.int(),
    tipo: z.enum(TIPOS_LOCALIZACAO),
    dataHora: z.string(),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
    /** Km/h. */
    velocidade: z.nullable(z.number()),
    curso: z.nullable(z.int()),
    /** Accuracy radius in metres (WIFI/LBS resolved positions). */
    precisao: z.nullable(z.number()),
    macAddress: z.nullable(z.string()),
    /** dB. */
    nivelSinal: z.nullable(z.int()),
    codigoPais: z.nullable(z.int()),
    rede: z.nullable(z.int()),
    redeDescricao: z.nullable(z.string()),
    codigoArea: z.nullable(z.int()),
    identificadorTorre: z.nullable(z.int()),
  }),
);
export type Localizacao = z.infer<typeof localizacaoSchema>;
export const localizacaoPageSchema = pageSchema(localizacaoSchema);

/** GET /api/baterias: one tracker's battery history, newest first. */
export const bateriaFiltroSchema = z.extend(paginacaoQuerySchema(['dataCadastro', 'id'] as const, 'dataCadastro', 'desc'), {
  rastreadorId,
});
export type BateriaFiltro = z.input<typeof bateriaFiltroSchema>;

export const bateriaSchema = nomeado(
  'Bateria',
  z.object({
    id: z.int(),
    /** Percent. */
    bateria: z.int(),
    /** Percent. */
    nivelSinal: z.nullable(z.int()),
    carregando: z.nullable(z.boolean()),
    dataCadastro: z.string(),
  }),
);
export type Bateria = z.infer<typeof bateriaSchema>;
export const bateriaPageSchema = pageSchema(bateriaSchema);

/** ISO-8601 date-time with offset. */
export const dataHoraIso = () => z.iso.datetime({ offset: true, error: MSG.dataHoraInvalida });

/** GET /api/localizacoes/exportar: a tracker's history as a file. */
export const exportarQuerySchema = z
  .object({
    rastreadorId,
    dataInicial: dataHoraIso(),
    dataFinal: dataHoraIso(),
    formato: z.enum(FORMATOS_EXPORTACAO, { error: MSG.campoInvalido }),
  })
  .check(z.refine((q) => Date.parse(q.dataFinal) >= Date.parse(q.dataInicial), { error: MSG.dataFinalAntesInicial, path: ['dataFinal'] }));
export type ExportarQuery = z.infer<typeof exportarQuerySchema>;
