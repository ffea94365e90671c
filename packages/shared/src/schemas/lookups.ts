import * as z from '@rastro/shared/zod';
import { ID_MAX } from '../constants';
import { idNomeSchema, nomeado } from './common';

export const estadoSelectSchema = z.object({ id: z.int(), nome: z.string(), uf: z.string() });
export type EstadoSelect = z.infer<typeof estadoSelectSchema>;
export const estadosSelectSchema = z.array(estadoSelectSchema);
export const cidadesSelectSchema = z.array(idNomeSchema);
export const niveisSelectSchema = z.array(idNomeSchema);

export const estadoParamSchema = z.object({ stateId: z.coerce.number().check(z.int(), z.positive(), z.lte(ID_MAX)) });
export const cepParamSchema = z.object({ cep: z.string().check(z.regex(/^\d{5}-?\d{3}$/)) });

/** GET /api/via-cep/cep/{cep}: the address, with our state and city ids (null when unknown). */
export const viaCepSchema = nomeado(
  'EnderecoCep',
  z.object({
    cep: z.string(),
    logradouro: z.string(),
    complemento: z.string(),
    bairro: z.string(),
    /** UF, e.g. 'SP'. */
    estado: z.string(),
    cidade: z.string(),
    estadoId: z.nullable(z.int()),
    cidadeId: z.nullable(z.int()),
  }),
);
export type ViaCep = z.infer<typeof viaCepSchema>;
