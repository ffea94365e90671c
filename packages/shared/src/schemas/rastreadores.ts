import { z } from 'zod';
import { ID_MAX, LIMITES } from '../constants';
import { PROTOCOLOS, SITUACOES_ENERGIA, SITUACOES_RASTREADOR, TIPOS_LOCALIZACAO } from '../dominio';
import { MSG, maxCaracteres } from '../messages';
import { onlyDigits } from '../validators';
import { paginacaoQuerySchema, pageSchema } from './common';
import { codigoFiltro, obrigatorio } from './fields';

/** A row of the admin tracker list (spec §3, Tracker (admin)). */
export const rastreadorAdminSchema = z
  .object({
    id: z.number().int(),
    imei: z.string(),
    /** The owner's description of the tracker; null while no owner has linked it. */
    rastreadorDescricao: z.string().nullable(),
    bateria: z.number().int().nullable(),
    chipId: z.number().int().nullable(),
    chipNumero: z.string().nullable(),
    usuarioNome: z.string().nullable(),
    dataCadastro: z.string(),
    protocolo: z.enum(PROTOCOLOS),
    situacao: z.enum(SITUACOES_RASTREADOR),
    situacaoDescricao: z.string(),
    /** 'INATIVO' or 'ATIVO' (any situation but INATIVO), for the Ativar/Inativar action. */
    situacaoCodigo: z.enum(['ATIVO', 'INATIVO']),
    situacaoEnergia: z.enum(SITUACOES_ENERGIA),
    situacaoEnergiaDescricao: z.string(),
  })
  .meta({ id: 'RastreadorAdmin' });
export type RastreadorAdmin = z.infer<typeof rastreadorAdminSchema>;
export const rastreadorAdminPageSchema = pageSchema(rastreadorAdminSchema);

export const RASTREADOR_ORDENAVEIS = ['id', 'imei', 'bateria', 'dataCadastro', 'situacao', 'situacaoEnergia'] as const;
/** GET /api/rastreadores: searched by código and IMEI. */
export const rastreadorFiltroSchema = paginacaoQuerySchema(RASTREADOR_ORDENAVEIS, 'id').extend({
  codigo: codigoFiltro().optional(),
  imei: z.string().trim().max(LIMITES.imei, maxCaracteres(LIMITES.imei)).optional(),
});
export type RastreadorFiltro = z.input<typeof rastreadorFiltroSchema>;

/** POST /api/rastreadores (create, or update when id is given): imei, protocolo, chip. */
export const rastreadorFormSchema = z
  .object({
    id: z.number().int().positive().max(ID_MAX).optional(),
    imei: obrigatorio(LIMITES.imei).regex(/^\d+$/, MSG.campoInvalido),
    protocolo: z.enum(PROTOCOLOS, { error: MSG.campoObrigatorio }),
    chipId: z.number({ error: MSG.campoObrigatorio }).int().positive(MSG.campoObrigatorio).max(ID_MAX, MSG.campoInvalido),
  })
  .refine((r) => r.protocolo !== 'TOPIN' || onlyDigits(r.imei).length === 15, { error: MSG.imeiTopin, path: ['imei'] });
export type RastreadorForm = z.infer<typeof rastreadorFormSchema>;

/** GET /api/rastreadores/{id}/detalhe: everything an administrator sees of one tracker. */
export const rastreadorDetalheSchema = rastreadorAdminSchema
  .extend({
    chipDescricao: z.string().nullable(),
    nivelSinal: z.number().int().nullable(),
    ultimaComunicacao: z.string().nullable(),
    usuarioId: z.number().int().nullable(),
    usuarioEmail: z.string().nullable(),
    intervaloLocalizacao: z.number().int().nullable(),
    economiaBateria: z.enum(['V', 'F']).nullable(),
    ultraEconomiaBateria: z.enum(['V', 'F']).nullable(),
    ultimaLocalizacao: z
      .object({ latitude: z.number(), longitude: z.number(), dataHora: z.string(), tipo: z.enum(TIPOS_LOCALIZACAO) })
      .nullable(),
    comandosPendentes: z.number().int(),
  })
  .meta({ id: 'RastreadorDetalhe' });
export type RastreadorDetalhe = z.infer<typeof rastreadorDetalheSchema>;
