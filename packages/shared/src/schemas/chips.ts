import * as z from '@rastro/shared/zod';
import { LIMITES } from '../constants';
import { SITUACOES_CHIP } from '../dominio';
import { nomeado, paginacaoQuerySchema, pageSchema } from './common';
import { codigoFiltro, idDoFormulario, obrigatorio, opcional, telefoneObrigatorio } from './fields';

export const chipSchema = nomeado(
  'Chip',
  z.object({
    id: z.int(),
    descricao: z.string(),
    /** Digits only; the screens format it with formatarTelefone (formatters.ts). */
    numero: z.string(),
    situacao: z.enum(SITUACOES_CHIP),
    usuarioCadastroNome: z.nullable(z.string()),
    dataCadastro: z.string(),
  }),
);
export type Chip = z.infer<typeof chipSchema>;
export const chipPageSchema = pageSchema(chipSchema);

export const CHIP_ORDENAVEIS = ['id', 'descricao', 'numero', 'dataCadastro', 'situacao'] as const;
/** GET /api/chips: filters codigo (numeric, 5), descricao (150), numero (phone). */
export const chipFiltroSchema = z.extend(paginacaoQuerySchema(CHIP_ORDENAVEIS, 'id'), {
  codigo: z.optional(codigoFiltro()),
  descricao: z.optional(opcional(LIMITES.descricao)),
  numero: z.optional(z.string().check(z.trim(), z.maxLength(20))),
});
export type ChipFiltro = z.input<typeof chipFiltroSchema>;

/** POST /api/chips (create, or update when id is given). */
export const chipFormSchema = z.object({
  id: idDoFormulario(),
  descricao: obrigatorio(LIMITES.descricao),
  numero: telefoneObrigatorio(),
});
export type ChipForm = z.infer<typeof chipFormSchema>;
