import { z } from 'zod';
import { ID_MAX, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { MSG } from '../messages';

/** `{status, message, errors?}`: every error except those of /oauth/*. */
export const erroCampoSchema = z.object({ campo: z.string(), message: z.string() });
export const erroSchema = z
  .object({
    status: z.number().int(),
    message: z.string(),
    errors: z.array(erroCampoSchema).optional(),
  })
  .meta({ id: 'Erro' });
export type Erro = z.infer<typeof erroSchema>;

/** OAuth-style error of /oauth/token and /oauth/check_token. */
export const erroOAuthSchema = z
  .object({ error: z.string(), error_description: z.string() })
  .meta({ id: 'ErroOAuth' });
export type ErroOAuth = z.infer<typeof erroOAuthSchema>;

export const orderDirectionSchema = z.enum(['asc', 'desc']);

/** Query of every list: 0-based page, size, orderBy, orderDirection. */
export function paginacaoQuerySchema<const T extends readonly [string, ...string[]]>(
  orderable: T,
  defaultOrder: T[number],
  defaultDirection: 'asc' | 'desc' = 'asc',
) {
  return z.object({
    page: z.coerce.number({ error: MSG.campoInvalido }).int().min(0).default(0),
    size: z.coerce.number({ error: MSG.campoInvalido }).int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
    orderBy: z.enum(orderable, { error: MSG.campoInvalido }).default(defaultOrder),
    orderDirection: orderDirectionSchema.default(defaultDirection),
  });
}

/** The Page object of the spec. */
export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.number().int(),
    size: z.number().int(),
    totalElements: z.number().int(),
    totalPages: z.number().int(),
    first: z.boolean(),
    last: z.boolean(),
    numberOfElements: z.number().int(),
  });
}
export interface Page<T> {
  content: T[];
  number: number;
  size: number;
  totalElements: number;
  totalPages: number;
  first: boolean;
  last: boolean;
  numberOfElements: number;
}

export const idParamSchema = z.object({ id: z.coerce.number({ error: MSG.campoInvalido }).int().positive().max(ID_MAX, MSG.campoInvalido) });

export const okSchema = z.object({ ok: z.literal(true) });

export const selectItemSchema = z.object({ id: z.number().int(), text: z.string() });
export type SelectItem = z.infer<typeof selectItemSchema>;
export const idNomeSchema = z.object({ id: z.number().int(), nome: z.string() });
export type IdNome = z.infer<typeof idNomeSchema>;
