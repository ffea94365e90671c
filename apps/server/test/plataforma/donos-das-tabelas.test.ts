import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import donos from '../../src/db/donos.json';

/**
 * One owner per table (issue #16, docs/adr/0008-um-dono-por-tabela.md): src/db/donos.json names the
 * code that owns each table, the only code that declares, reads or writes it. Everyone else reads
 * the owner's views (`v_*`, drizzle/0018_vistas.sql) or calls its services. Checked on the source
 * text: the tables a file imports from a file declaring tables (each owner's schema.ts, and
 * db/parametros.ts) and the tables its SQL names after FROM, JOIN, INTO, UPDATE. A schema may import
 * another owner's table only for a foreign key (`.references(() => t.id)`); tools/ are the
 * operator's scripts.
 */
const SRC = path.resolve(import.meta.dirname, '../../src');

function arquivos(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'tools' ? [] : arquivos(rel);
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') ? [rel] : [];
  });
}

const fontes = new Map(arquivos('').map((rel) => [rel, readFileSync(path.join(SRC, rel), 'utf8')]));
/** File declaring tables -> (drizzle export name -> table name). */
const declaradas = new Map(
  [...fontes]
    .map(
      ([rel, texto]) =>
        [rel, new Map([...texto.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']))] as const,
    )
    .filter(([, tabelas]) => tabelas.size > 0),
);
const tabelas = new Set([...declaradas.values()].flatMap((t) => [...t.values()]));
const donoDe = new Map(Object.entries(donos as Record<string, string[]>).flatMap(([dono, ts]) => ts.map((t) => [t, dono] as const)));

/** The owner a file belongs to: the longest key of donos.json it falls under, if any. */
const donoDoArquivo = (rel: string) =>
  Object.keys(donos)
    .filter((k) => rel === k || rel.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];

/** The tables a file (at `rel`) imports, by the name it uses for each. */
function tabelasImportadas(rel: string, texto: string): Map<string, string> {
  const importadas = new Map<string, string>();
  for (const m of texto.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'(\.[^']*)'/g)) {
    const deOnde = declaradas.get(`${path.posix.join(path.posix.dirname(rel), m[2] ?? '')}.ts`);
    if (!deOnde) continue;
    for (const n of (m[1] ?? '').matchAll(/(?:type\s+)?(\w+)(?:\s+as\s+(\w+))?/g)) {
      const tabela = deOnde.get(n[1] ?? '');
      if (tabela) importadas.set(n[2] ?? n[1] ?? '', tabela);
    }
  }
  return importadas;
}

/**
 * Every table a file touches: imported from a schema or named in its SQL. In a file declaring
 * tables, an import used only in `.references(() => x.…)` is a foreign key, not a touch.
 */
function tabelasTocadas(rel: string, texto: string): Set<string> {
  const tocadas = new Set<string>();
  const semImports = texto.replace(/import\s*(?:type\s*)?\{[^}]*\}\s*from\s*'[^']*';?/g, '');
  const declara = /\bpgTable\(/.test(texto);
  for (const [local, tabela] of tabelasImportadas(rel, texto)) {
    const usos = semImports.match(new RegExp(`(?:\\(\\)\\s*=>\\s*)?\\b${local}\\b`, 'g')) ?? [];
    if (!declara || usos.some((u) => !u.startsWith('('))) tocadas.add(tabela);
  }
  for (const m of texto.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)) if (m[1] && tabelas.has(m[1])) tocadas.add(m[1]);
  return tocadas;
}

describe('one owner per table', () => {
  it('src/db/donos.json names one owner for every table declared, and no table that is not', () => {
    expect([...tabelas].filter((t) => !donoDe.has(t))).toEqual([]);
    expect([...donoDe.keys()].filter((t) => !tabelas.has(t))).toEqual([]);
  });

  it('each table is declared beside its owner, once', () => {
    const fora = [...declaradas].flatMap(([rel, ts]) =>
      [...ts.values()].filter((t) => donoDe.get(t) !== donoDoArquivo(rel)).map((t) => `${rel} declara ${t} (de ${donoDe.get(t) ?? '?'})`),
    );
    expect(fora).toEqual([]);
    expect([...declaradas.values()].reduce((n, ts) => n + ts.size, 0)).toBe(tabelas.size);
  });

  it('no code reads or writes a table it does not own (it reads the owner’s v_* views or calls its services)', () => {
    const invasoes = [...fontes].flatMap(([rel, texto]) => {
      const dono = donoDoArquivo(rel);
      return [...tabelasTocadas(rel, texto)].filter((t) => donoDe.get(t) !== dono).map((t) => `${rel} → ${t} (de ${donoDe.get(t) ?? '?'})`);
    });
    expect(invasoes).toEqual([]);
  });

  it('the check sees what it looks for: a drizzle import and each SQL form', () => {
    const exemplo = [
      "import { usuarios } from '../usuarios/schema';",
      "import { type chips as c } from '../chips/schema';",
      'sql`select 1 from rastreadores r join comandos c on true`',
      'sql`insert into notificacoes (x) values (1)`',
      'sql`update "zonas" set x = 1`',
      'sql`select 1 from v_usuarios`',
    ].join('\n');
    expect([...tabelasTocadas('modules/links/repository.ts', exemplo)].sort()).toEqual([
      'chips',
      'comandos',
      'notificacoes',
      'rastreadores',
      'usuarios',
      'zonas',
    ]);
  });

  it('a schema imports another owner’s table for a foreign key only', () => {
    const fk = "import { usuarios } from '../usuarios/schema';\npgTable('x', { u: integer('u').references(() => usuarios.id) });";
    expect([...tabelasTocadas('modules/links/schema.ts', fk)]).toEqual([]);
    const uso = `${fk}\nexport const todos = () => db.select().from(usuarios);`;
    expect([...tabelasTocadas('modules/links/schema.ts', uso)]).toEqual(['usuarios']);
  });
});
