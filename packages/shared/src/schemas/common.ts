import * as z from '@rastro/shared/zod';
import { ID_MAX, MAX_PAGE_SIZE, PAGE_SIZE } from '../constants';
import { MSG } from '../messages';

/**
 * Names a schema in the OpenAPI document (components/schemas). Registered, not checked: a
 * named object can still be extended (zod refuses to extend an object that carries checks).
 */
export function nomeado<T extends z.ZodMiniType>(id: string, schema: T): T {
  z.globalRegistry.add(schema, { id });
  return schema;
}

/** `{status, message, errors?}`: every error except those of /oauth/*. */
export const erroCampoSchema = z.object({ campo: z.string(), message: z.string() });
export const erroSchema = nomeado(
  'Erro',
  z.object({
    status: z.int(),
    message: z.string(),
    errors: z.optional(z.array(erroCampoSchema)),
  }),
);
export type Erro = z.infer<typeof erroSchema>;

/** OAuth-style error of /oauth/token and /oauth/check_token. */
export const erroOAuthSchema = nomeado('ErroOAuth', z.object({ error: z.string(), error_description: z.string() }));
export type ErroOAuth = z.infer<typeof erroOAuthSchema>;

export const orderDirectionSchema = z.enum(['asc', 'desc']);

/** Query of every list: 0-based page, size, orderBy, orderDirection. */
export function paginacaoQuerySchema<const T extends readonly [string, ...string[]]>(
  orderable: T,
  defaultOrder: T[number],
  defaultDirection: 'asc' | 'desc' = 'asc',
) {
  return z.object({
    page: z._default(z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.gte(0)), 0),
    size: z._default(z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.gte(1), z.lte(MAX_PAGE_SIZE)), PAGE_SIZE),
    orderBy: z._default(z.enum(orderable, { error: MSG.campoInvalido }), defaultOrder),
    orderDirection: z._default(orderDirectionSchema, defaultDirection),
  });
}

/** The Page object of the spec. */
export function pageSchema<T extends z.ZodMiniType>(item: T) {
  return z.object({
    content: z.array(item),
    number: z.int(),
    size: z.int(),
    totalElements: z.int(),
    totalPages: z.int(),
    first: z.boolean(),
    last: z.boolean(),
    numberOfElements: z.int(),
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

export const idParamSchema = z.object({
  id: z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.positive(), z.lte(ID_MAX, MSG.campoInvalido)),
});

export const okSchema = z.object({ ok: z.literal(true) });

export const selectItemSchema = z.object({ id: z.int(), text: z.string() });
export type SelectItem = z.infer<typeof selectItemSchema>;
export const idNomeSchema = z.object({ id: z.int(), nome: z.string() });
export type IdNome = z.infer<typeof idNomeSchema>;
