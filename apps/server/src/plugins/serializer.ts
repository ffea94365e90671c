import type { FastifySerializerCompiler } from 'fastify';
import { InvalidSchemaError, ResponseSerializationError } from 'fastify-type-provider-zod';
import * as core from 'zod/v4/core';

/**
 * zod types whose output is not their input: a codec or transform (`pipe`, `transform`), one
 * that fills a value in (`default`, `prefault`, `catch`) or answers another (`success`), and any
 * coercing primitive (`z.coerce.…`). Encoding and parsing differ only there.
 */
const CONVERTEM = new Set(['pipe', 'transform', 'default', 'prefault', 'catch', 'success']);

/** The first converting type under `schema` (object shapes, arrays, unions, wrappers, lazy…), if any. */
function conversao(schema: core.$ZodType, vistos = new Set<core.$ZodType>()): string | undefined {
  if (vistos.has(schema)) return undefined;
  vistos.add(schema);
  const def = schema._zod.def;
  if (CONVERTEM.has(def.type)) return def.type;
  if ('coerce' in def && def.coerce === true) return `coerce.${def.type}`;
  if (def.type === 'lazy') return conversao((def as core.$ZodLazyDef).getter(), vistos);
  const filhos: unknown[] = [];
  for (const v of Object.values(def)) {
    if (Array.isArray(v)) filhos.push(...v);
    else if (v && typeof v === 'object' && !(v instanceof core.$ZodType) && Object.getPrototypeOf(v) === Object.prototype)
      filhos.push(...Object.values(v));
    else filhos.push(v);
  }
  for (const f of filhos) {
    const achado = f instanceof core.$ZodType ? conversao(f, vistos) : undefined;
    if (achado) return achado;
  }
  return undefined;
}

/**
 * The response serializer: checks the body against the route's zod schema (unknown keys
 * dropped, so nothing the schema does not list leaves) and writes it as JSON, by parsing rather
 * than encoding (docs/adr/0004-serializador-de-respostas.md). A response schema that converts
 * values would need encode: it is refused when its route is registered.
 */
export const serializadorZod: FastifySerializerCompiler<unknown> = ({ schema, method, url }) => {
  if (!(schema instanceof core.$ZodType)) throw new InvalidSchemaError(JSON.stringify(schema));
  const tipo = conversao(schema);
  if (tipo)
    throw new Error(
      `A resposta de ${method} ${url} tem um schema que converte valores (${tipo}): o serializador só confere e escreve JSON.`,
    );
  return (data: unknown) => {
    const r = core.safeParse(schema, data);
    if (!r.success) throw new ResponseSerializationError(method, url, { cause: r.error });
    return JSON.stringify(r.data);
  };
};
