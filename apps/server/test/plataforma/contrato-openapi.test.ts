import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarApp, type TestApp } from '../apoio/helpers';

/**
 * The document without its prose and in a stable key order: descriptions and summaries may be
 * reworded and routes registered in another order, nothing else.
 */
function semDescricoes(valor: unknown): unknown {
  if (Array.isArray(valor)) return valor.map(semDescricoes);
  if (valor === null || typeof valor !== 'object') return valor;
  return Object.fromEntries(
    Object.entries(valor)
      .filter(([chave]) => chave !== 'description' && chave !== 'summary')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([chave, v]) => [chave, semDescricoes(v)]),
  );
}

describe('API contract', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await criarApp();
  });
  afterAll(() => app.fechar());

  it('the OpenAPI document at /docs/json is the committed one (apart from descriptions)', async () => {
    const doc = semDescricoes((await app.inject('/docs/json')).json());
    // A changed contract is a decision: update the file with `npx vitest run -u` and review its diff.
    await expect(JSON.stringify(doc, null, 2) + '\n').toMatchFileSnapshot('./contrato-openapi.json');
  });
});
