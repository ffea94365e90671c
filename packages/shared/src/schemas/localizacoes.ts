import { z } from 'zod';
import { ID_MAX } from '../constants';
import { FORMATOS_EXPORTACAO, TIPOS_LOCALIZACAO } from '../dominio';
import { MSG } from '../messages';
import { paginacaoQuerySchema, pageSchema } from './common';

const rastreadorId = z.coerce.number({ error: MSG.campoObrigatorio }).int().positive(MSG.campoObrigatorio).max(ID_MAX, MSG.campoInvalido);

/** GET /api/localizacoes: one tracker's positions and scans, newest first. */
export const localizacaoFiltroSchema = paginacaoQuerySchema(['dataHora', 'id'] as const, 'dataHora', 'desc').extend({
  rastreadorId,
  tipoLocalizacao: z.enum(TIPOS_LOCALIZACAO, { error: MSG.campoInvalido }).optional(),
});
export type LocalizacaoFiltro = z.input<typeof localizacaoFiltroSchema>;

/** A row of the detail tables: GPS uses lat/lng/velocidade, WIFI macAddress, LBS the cell fields. */
export const localizacaoSchema = z
  .object({
    id: z.number().int(),
    rastreadorId: z.number().int(),
    tipo: z.enum(TIPOS_LOCALIZACAO),
    dataHora: z.string(),
    latitude: z.number().nullable(),
    longitude: z.number().nullable(),
    /** Km/h. */
    velocidade: z.number().nullable(),
    curso: z.number().int().nullable(),
    /** Accuracy radius in metres (WIFI/LBS resolved positions). */
    precisao: z.number().nullable(),
    macAddress: z.string().nullable(),
    /** dB. */
    nivelSinal: z.number().int().nullable(),
    codigoPais: z.number().int().nullable(),
    rede: z.number().int().nullable(),
    redeDescricao: z.string().nullable(),
    codigoArea: z.number().int().nullable(),
    identificadorTorre: z.number().int().nullable(),
  })
  .meta({ id: 'Localizacao' });
export type Localizacao = z.infer<typeof localizacaoSchema>;
export const localizacaoPageSchema = pageSchema(localizacaoSchema);

/** GET /api/baterias: one tracker's battery history, newest first. */
export const bateriaFiltroSchema = paginacaoQuerySchema(['dataCadastro', 'id'] as const, 'dataCadastro', 'desc').extend({ rastreadorId });
export type BateriaFiltro = z.input<typeof bateriaFiltroSchema>;

export const bateriaSchema = z
  .object({
    id: z.number().int(),
    /** Percent. */
    bateria: z.number().int(),
    /** Percent. */
    nivelSinal: z.number().int().nullable(),
    carregando: z.boolean().nullable(),
    dataCadastro: z.string(),
  })
  .meta({ id: 'Bateria' });
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
  .refine((q) => Date.parse(q.dataFinal) >= Date.parse(q.dataInicial), { error: MSG.dataFinalAntesInicial, path: ['dataFinal'] });
export type ExportarQuery = z.infer<typeof exportarQuerySchema>;
