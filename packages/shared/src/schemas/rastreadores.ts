import * as z from '@rastro/shared/zod';
import { ID_MAX, LIMITES } from '../constants';
import { PROTOCOLOS, SITUACOES_ENERGIA, SITUACOES_RASTREADOR, TIPOS_LOCALIZACAO } from '../dominio';
import { MSG, maxCaracteres } from '../messages';
import { onlyDigits } from '../validators';
import { nomeado, paginacaoQuerySchema, pageSchema } from './common';
import { codigoAtivacaoOpcional, codigoFiltro, idDoFormulario, obrigatorio } from './fields';

/** A row of the admin tracker list (spec §3, Tracker (admin)). */
export const rastreadorAdminSchema = nomeado(
  'RastreadorAdmin',
  z.object({
    id: z.int(),
    imei: z.string(),
    /** The owner's description of the tracker; null while no owner has linked it. */
    rastreadorDescricao: z.nullable(z.string()),
    bateria: z.nullable(z.int()),
    chipId: z.nullable(z.int()),
    chipNumero: z.nullable(z.string()),
    usuarioNome: z.nullable(z.string()),
    dataCadastro: z.string(),
    protocolo: z.enum(PROTOCOLOS),
    situacao: z.enum(SITUACOES_RASTREADOR),
    situacaoDescricao: z.string(),
    /** 'INATIVO' or 'ATIVO' (any situation but INATIVO), for the Ativar/Inativar action. */
    situacaoCodigo: z.enum(['ATIVO', 'INATIVO']),
    situacaoEnergia: z.enum(SITUACOES_ENERGIA),
    situacaoEnergiaDescricao: z.string(),
    /** An activation code is set (the code itself is never sent back). */
    temCodigoAtivacao: z.boolean(),
    /** Last time two sources took turns on this IMEI (a possible clone), or null. */
    origensAlternadasEm: z.nullable(z.string()),
  }),
);
export type RastreadorAdmin = z.infer<typeof rastreadorAdminSchema>;
export const rastreadorAdminPageSchema = pageSchema(rastreadorAdminSchema);

export const RASTREADOR_ORDENAVEIS = ['id', 'imei', 'bateria', 'dataCadastro', 'situacao', 'situacaoEnergia'] as const;
/** GET /api/rastreadores: searched by código and IMEI. */
export const rastreadorFiltroSchema = z.extend(paginacaoQuerySchema(RASTREADOR_ORDENAVEIS, 'id'), {
  codigo: z.optional(codigoFiltro()),
  imei: z.optional(z.string().check(z.trim(), z.maxLength(LIMITES.imei, maxCaracteres(LIMITES.imei)))),
});
export type RastreadorFiltro = z.input<typeof rastreadorFiltroSchema>;

/** POST /api/rastreadores (create, or update when id is given): imei, protocolo, chip. */
export const rastreadorFormSchema = z
  .object({
    id: idDoFormulario(),
    imei: obrigatorio(LIMITES.imei).check(z.regex(/^\d+$/, MSG.campoInvalido)),
    protocolo: z.enum(PROTOCOLOS, { error: MSG.campoObrigatorio }),
    chipId: z.number({ error: MSG.campoObrigatorio }).check(z.int(), z.positive(MSG.campoObrigatorio), z.lte(ID_MAX, MSG.campoInvalido)),
    /** Sets (or, on an update, replaces) the activation code; blank keeps the current one. */
    codigoAtivacao: codigoAtivacaoOpcional(),
  })
  .check(z.refine((r) => r.protocolo !== 'TOPIN' || onlyDigits(r.imei).length === 15, { error: MSG.imeiTopin, path: ['imei'] }));
export type RastreadorForm = z.infer<typeof rastreadorFormSchema>;

/** GET /api/rastreadores/{id}/detalhe: everything an administrator sees of one tracker. */
export const rastreadorDetalheSchema = nomeado(
  'RastreadorDetalhe',
  z.extend(rastreadorAdminSchema, {
    chipDescricao: z.nullable(z.string()),
    nivelSinal: z.nullable(z.int()),
    ultimaComunicacao: z.nullable(z.string()),
    usuarioId: z.nullable(z.int()),
    usuarioEmail: z.nullable(z.string()),
    intervaloLocalizacao: z.nullable(z.int()),
    economiaBateria: z.nullable(z.enum(['V', 'F'])),
    ultraEconomiaBateria: z.nullable(z.enum(['V', 'F'])),
    ultimaLocalizacao: z.nullable(
      z.object({ latitude: z.number(), longitude: z.number(), dataHora: z.string(), tipo: z.enum(TIPOS_LOCALIZACAO) }),
    ),
    comandosPendentes: z.int(),
  }),
);
export type RastreadorDetalhe = z.infer<typeof rastreadorDetalheSchema>;
