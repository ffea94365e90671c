import * as core from 'zod/v4/core';
import { ZodMiniType, type ZodMiniObject, type object as objetoMini } from 'zod/mini';

/**
 * zod/mini for the shared schemas, as Node gets it: the same API, but objects compile their
 * parser on first use (zod's JIT; mini leaves it out to stay small). The server checks every
 * request and response through these schemas (docs/adr/0004-serializador-de-respostas.md). The
 * browser gets plain zod/mini (./zod.browser.ts, package.json condition `browser`). Import as
 * `import * as z from '@rastro/shared/zod'`.
 */
export * from 'zod/mini';

const ObjetoJit: core.$constructor<core.$ZodObject> = core.$ZodObjectJIT;

const ZodMiniObjectJit: core.$constructor<ZodMiniObject> = core.$constructor('ZodMiniObjectJit', (inst, def) => {
  ObjetoJit.init(inst, def);
  ZodMiniType.init(inst, def);
  // As ZodMiniObject: `shape` reads the definition (z.extend, z.pick build new ones).
  Object.defineProperty(inst, 'shape', { get: () => inst._zod.def.shape, enumerable: false });
});

/** z.object, compiled. */
export const object = ((shape, params) =>
  new ZodMiniObjectJit({ type: 'object', shape: shape ?? {}, ...core.util.normalizeParams(params) })) as typeof objetoMini;
