import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Locais {
  modulos: string;
  migracoes: string;
  donos: string;
}
interface Camadas {
  conferir(locais?: Locais, pendentes?: ReadonlySet<string>): { erros: string[]; pendentes: string[] };
}

const script = pathToFileURL(path.resolve(import.meta.dirname, '../../../../scripts/camadas.mjs')).href;
const carregar = async () => (await import(script)) as Camadas;

/** A tree of modules (file → source), the migrations' views and the tables' owners. */
function arvore(arquivos: Record<string, string>): Locais {
  const raiz = mkdtempSync(path.join(tmpdir(), 'rastro-camadas-'));
  for (const [nome, fonte] of Object.entries(arquivos)) {
    mkdirSync(path.dirname(path.join(raiz, 'modules', nome)), { recursive: true });
    writeFileSync(path.join(raiz, 'modules', nome), fonte);
  }
  mkdirSync(path.join(raiz, 'drizzle'));
  writeFileSync(path.join(raiz, 'drizzle', '0001.sql'), 'CREATE VIEW "v_comandos" AS\n  SELECT "id" FROM "comandos";');
  writeFileSync(path.join(raiz, 'donos.json'), JSON.stringify({ 'modules/comandos': ['comandos'], 'modules/chips': ['chips'] }));
  return { modulos: path.join(raiz, 'modules'), migracoes: path.join(raiz, 'drizzle'), donos: path.join(raiz, 'donos.json') };
}

const sobre = (erros: string[]) => erros.filter((e) => /depende de|Ciclo/.test(e));

describe('npm run lint: the modules only look down (scripts/camadas.mjs)', () => {
  it('passes on the code as it is, with no arrow left pending', async () => {
    const { conferir } = await carregar();
    expect(conferir()).toEqual({ erros: [], pendentes: [] });
  });

  it('fails on an import of a module above, naming the file', async () => {
    const { conferir } = await carregar();
    const locais = arvore({
      'chips/service.ts': "import { x } from '../rastreadores/service';\n",
      'rastreadores/service.ts': "import { y } from '../chips/service';\nexport const x = 1;\n",
    });
    expect(sobre(conferir(locais, new Set()).erros)).toEqual([
      expect.stringMatching(
        /^chips \(dispositivos\) depende de rastreadores \(dispositivos\)[\s\S]*chips\/service\.ts importa '\.\.\/rastreadores\/service'/,
      ),
      'Ciclo entre módulos: chips -> rastreadores -> chips.',
    ]);
  });

  it('fails on a read of a view of a module above in SQL, and not on a comment naming it', async () => {
    const { conferir } = await carregar();
    const locais = arvore({
      'rastreadores/repository.ts': '// v_comandos is not read here\nexport const n = sql`select count(*) from v_comandos`;\n',
      'comandos/service.ts': "import { n } from '../rastreadores/repository';\n",
    });
    expect(sobre(conferir(locais, new Set()).erros)).toEqual([
      expect.stringMatching(/^rastreadores \(dispositivos\) depende de comandos[\s\S]*rastreadores\/repository\.ts lê a vista v_comandos$/),
      'Ciclo entre módulos: comandos -> rastreadores -> comandos.',
    ]);
    const soComentario = arvore({ 'rastreadores/repository.ts': '/* reads v_comandos? no */\nexport const n = 1;\n' });
    expect(sobre(conferir(soComentario, new Set()).erros)).toEqual([]);
  });

  it('fails when an arrow listed as pending has left the code', async () => {
    const { conferir } = await carregar();
    const locais = arvore({ 'chips/service.ts': 'export const x = 1;\n' });
    expect(conferir(locais, new Set(['chips -> rastreadores'])).erros).toContain(
      'chips -> rastreadores saiu do código: tire-a de PENDENTES em scripts/camadas.mjs.',
    );
  });
});
