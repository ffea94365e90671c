import { z } from 'zod';
import { ID_MAX, LIMITES } from '../constants';
import { SITUACOES_CHIP } from '../dominio';
import { paginacaoQuerySchema, pageSchema } from './common';
import { codigoFiltro, obrigatorio, opcional, telefoneObrigatorio } from './fields';

export const chipSchema = z
  .object({
    id: z.number().int(),
    descricao: z.string(),
    /** Digits only; the screens format it with formatPhone(v, {mask: 'auto'}). */
    numero: z.string(),
    situacao: z.enum(SITUACOES_CHIP),
    usuarioCadastroNome: z.string().nullable(),
    dataCadastro: z.string(),
  })
  .meta({ id: 'Chip' });
export type Chip = z.infer<typeof chipSchema>;
export const chipPageSchema = pageSchema(chipSchema);

export const CHIP_ORDENAVEIS = ['id', 'descricao', 'numero', 'dataCadastro', 'situacao'] as const;
/** GET /api/chips: filters codigo (numeric, 5), descricao (150), numero (phone). */
export const chipFiltroSchema = paginacaoQuerySchema(CHIP_ORDENAVEIS, 'id').extend({
  codigo: codigoFiltro().optional(),
  descricao: opcional(LIMITES.descricao).optional(),
  numero: z.string().trim().max(20).optional(),
});
export type ChipFiltro = z.input<typeof chipFiltroSchema>;

/** POST /api/chips (create, or update when id is given). */
export const chipFormSchema = z.object({
  id: z.number().int().positive().max(ID_MAX).optional(),
  descricao: obrigatorio(LIMITES.descricao),
  numero: telefoneObrigatorio(),
});
export type ChipForm = z.infer<typeof chipFormSchema>;
