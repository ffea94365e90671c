import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { ARQUIVO_DO_MAPA, mapaEmMarkdown, rotasDoApp, type Rota } from '../../scripts/rotas';
import { MODULOS } from '../../src/modules';
import { criarApp } from '../apoio/helpers';

/**
 * docs/ROTAS.md, the map from a URL to the module and file that serve it, is the app's: built as
 * every test builds it, its routes gathered as they are registered (scripts/rotas.ts).
 */
describe('route map', () => {
  let rotas: Rota[];
  beforeAll(async () => {
    const construido = await rotasDoApp(() => criarApp());
    rotas = construido.rotas;
    await construido.app.fechar();
  });

  it('docs/ROTAS.md lists the routes the app registers', () => {
    expect(readFileSync(ARQUIVO_DO_MAPA, 'utf8'), 'docs/ROTAS.md está desatualizado: rode `npm run rotas`').toBe(mapaEmMarkdown(rotas));
  });

  it("every module registers routes, each declared in the module's own folder (or one of its subfolders)", () => {
    expect(new Set(rotas.flatMap((r) => (r.modulo ? [r.modulo] : [])))).toEqual(new Set(MODULOS.map((m) => m.nome)));
    for (const r of rotas)
      if (r.modulo)
        expect(r.arquivo, `${r.metodo} ${r.caminho}`).toMatch(new RegExp(`^apps/server/src/modules/${r.modulo}/(?:[^/]+/)?[^/]+\\.ts$`));
  });
});
