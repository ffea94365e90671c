import Fastify from 'fastify';
import * as z from '@rastro/shared/zod';
import { afterEach, describe, expect, it } from 'vitest';
import { serializadorZod } from './serializer';

const marcador = z.object({
  id: z.number().check(z.int()),
  nome: z.string(),
  posicao: z.object({ lat: z.number(), lng: z.number() }),
  bateria: z.nullable(z.number()),
  apelido: z.optional(z.string()),
  extras: z.record(z.string(), z.unknown()),
});

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

function app(resposta: z.ZodMiniType, corpo: unknown) {
  const a = Fastify({ logger: false });
  apps.push(a);
  a.setSerializerCompiler(serializadorZod);
  a.get('/x', { schema: { response: { 200: resposta } } }, async () => corpo);
  return a;
}

describe('serializadorZod', () => {
  it('writes what the schema lists, as JSON, and drops every key it does not', async () => {
    const corpo = [
      {
        id: 1,
        nome: 'Rex',
        posicao: { lat: -23.5, lng: -46.6, altitude: 700 },
        bateria: null,
        extras: { a: [1, 'b'] },
        senhaHash: '$argon2id$…',
      },
      { id: 2, nome: 'Mel', posicao: { lat: 0, lng: 0 }, bateria: 80, apelido: 'Melzinha', extras: {}, token: 'segredo' },
    ];
    const res = await app(z.array(marcador), corpo).inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(res.json()).toEqual([
      { id: 1, nome: 'Rex', posicao: { lat: -23.5, lng: -46.6 }, bateria: null, extras: { a: [1, 'b'] } },
      { id: 2, nome: 'Mel', posicao: { lat: 0, lng: 0 }, bateria: 80, apelido: 'Melzinha', extras: {} },
    ]);
    expect(res.body).not.toMatch(/senhaHash|argon2|segredo|altitude/);
  });

  it('accepts a recursive schema made with lazy, and still drops unknown keys at every level', async () => {
    interface No {
      nome: string;
      filhos: No[];
    }
    const no: z.ZodMiniType<No> = z.object({ nome: z.string(), filhos: z.array(z.lazy(() => no)) });
    const res = await app(no, { nome: 'a', filhos: [{ nome: 'b', filhos: [], token: 'segredo' }] }).inject('/x');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ nome: 'a', filhos: [{ nome: 'b', filhos: [] }] });
  });

  it('answers 500, and none of the body, when the handler returns something the schema refuses', async () => {
    const res = await app(marcador, {
      id: 1.5,
      nome: 'Rex',
      posicao: { lat: 'norte', lng: 0 },
      bateria: null,
      extras: {},
      senhaHash: 'h',
    }).inject('/x');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toMatch(/Rex|senhaHash/);
  });

  it('refuses, when the route is registered, a response schema that would convert values', async () => {
    for (const schema of [
      z.object({ n: z._default(z.number(), 1) }),
      z.array(
        z.object({
          d: z.pipe(
            z.string(),
            z.transform((s: string) => s.length),
          ),
        }),
      ),
      z.object({ a: z.optional(z.object({ b: z.catch(z.string(), '') })) }),
      z.object({ quando: z.coerce.string() }),
      z.lazy(() => z.array(z.object({ ok: z.success(z.string()) }))),
    ]) {
      await expect(app(schema, {}).ready()).rejects.toThrow(/GET \/x.*converte/);
    }
  });
});
