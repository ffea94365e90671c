import { MSG } from '@rastro/shared/messages';
import { erroDeCampo } from '../lib/erros';
import fp from 'fastify-plugin';

const NUL = '\u0000';

/** Where (as `a.b.0`) a value holds a string or key with U+0000; null when nowhere. */
function ondeHaNul(v: unknown, caminho: string, fundo: number): string | null {
  if (typeof v === 'string') return v.includes(NUL) ? caminho : null;
  // Bytes (a photo's upload) are no text: they never reach a text column.
  if (v instanceof Uint8Array) return null;
  // Deeper than any of our schemas goes: validation refuses it anyway.
  if (v === null || typeof v !== 'object' || fundo > 16) return null;
  for (const [k, x] of Object.entries(v)) {
    const aqui = caminho ? `${caminho}.${k}` : k;
    if (k.includes(NUL)) return aqui;
    const achado = ondeHaNul(x, aqui, fundo + 1);
    if (achado !== null) return achado;
  }
  return null;
}

/**
 * PostgreSQL cannot store U+0000 in text (nor compare with it): a NUL anywhere in the path,
 * query or body is a 400 on that field, before it reaches a query and becomes a 500. No form
 * can type one.
 */
export const inputGuardPlugin = fp(
  async (app) => {
    // Callback style: an async hook costs a promise per request, on every route.
    app.addHook('preValidation', (req, _reply, done) => {
      for (const [parte, valor] of [
        ['params', req.params],
        ['querystring', req.query],
        ['body', req.body],
      ] as const) {
        const campo = ondeHaNul(valor, '', 0);
        if (campo !== null) {
          done(erroDeCampo(400, campo || parte, MSG.campoInvalido));
          return;
        }
      }
      done();
    });
  },
  { name: 'input-guard' },
);
