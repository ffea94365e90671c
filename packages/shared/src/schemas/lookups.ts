import { z } from 'zod';
import { ID_MAX } from '../constants';
import { idNomeSchema } from './common';

export const estadoSelectSchema = z.object({ id: z.number().int(), nome: z.string(), uf: z.string() });
export type EstadoSelect = z.infer<typeof estadoSelectSchema>;
export const estadosSelectSchema = z.array(estadoSelectSchema);
export const cidadesSelectSchema = z.array(idNomeSchema);
export const niveisSelectSchema = z.array(idNomeSchema);

export const estadoParamSchema = z.object({ stateId: z.coerce.number().int().positive().max(ID_MAX) });
export const cepParamSchema = z.object({ cep: z.string().regex(/^\d{5}-?\d{3}$/) });

/** GET /api/via-cep/cep/{cep}: the address, with our state and city ids (null when unknown). */
export const viaCepSchema = z
  .object({
    cep: z.string(),
    logradouro: z.string(),
    complemento: z.string(),
    bairro: z.string(),
    /** UF, e.g. 'SP'. */
    estado: z.string(),
    cidade: z.string(),
    estadoId: z.number().int().nullable(),
    cidadeId: z.number().int().nullable(),
  })
  .meta({ id: 'EnderecoCep' });
export type ViaCep = z.infer<typeof viaCepSchema>;
