import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import donos from '../src/db/donos.json';

/**
 * One owner per table (issue #16, docs/adr/0008-um-dono-por-tabela.md): src/db/donos.json names the
 * code that owns each table, the only code that reads or writes it. Everyone else reads the owner's
 * views (`v_*`, drizzle/0018_vistas.sql) or calls its services. Checked on the source text: the
 * tables a file imports from db/schema and the tables its SQL names after FROM, JOIN, INTO, UPDATE.
 * db/schema.ts declares them all, db/seed.ts fills a new database, tools/ are the operator's scripts.
 */
const SRC = path.resolve(import.meta.dirname, '../src');
const FORA = new Set(['db/schema.ts', 'db/seed.ts']);

const schema = readFileSync(path.join(SRC, 'db/schema.ts'), 'utf8');
/** drizzle export name -> table name */
const tabelaDe = new Map([...schema.matchAll(/export const (\w+) = pgTable\(\s*'(\w+)'/g)].map((m) => [m[1] ?? '', m[2] ?? '']));
const tabelas = new Set(tabelaDe.values());
const donoDe = new Map(Object.entries(donos as Record<string, string[]>).flatMap(([dono, ts]) => ts.map((t) => [t, dono] as const)));

function arquivos(dir: string): string[] {
  return readdirSync(path.join(SRC, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = dir ? `${dir}/${e.name}` : e.name;
    if (e.isDirectory()) return rel === 'tools' ? [] : arquivos(rel);
    return rel.endsWith('.ts') && !rel.endsWith('.test.ts') && !FORA.has(rel) ? [rel] : [];
  });
}

/** The owner a file belongs to: the longest key of donos.json it falls under, if any. */
const donoDoArquivo = (rel: string) =>
  Object.keys(donos)
    .filter((k) => rel === k || rel.startsWith(`${k}/`))
    .sort((a, b) => b.length - a.length)[0];

/** Every table a file touches: imported from db/schema or named in its SQL. */
function tabelasTocadas(texto: string): Set<string> {
  const tocadas = new Set<string>();
  for (const m of texto.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema'/g))
    for (const n of (m[1] ?? '').matchAll(/(?:type\s+)?(\w+)(?:\s+as\s+\w+)?/g))
      if (n[1] && tabelaDe.has(n[1])) tocadas.add(tabelaDe.get(n[1]) ?? '');
  for (const m of texto.matchAll(/\b(?:from|join|into|update)\s+"?(\w+)"?/gi)) if (m[1] && tabelas.has(m[1])) tocadas.add(m[1]);
  return tocadas;
}

describe('one owner per table', () => {
  it('src/db/donos.json names one owner for every table of the schema, and no table that is not', () => {
    expect([...tabelas].filter((t) => !donoDe.has(t))).toEqual([]);
    expect([...donoDe.keys()].filter((t) => !tabelas.has(t))).toEqual([]);
  });

  it('no code reads or writes a table it does not own (it reads the owner’s v_* views or calls its services)', () => {
    const invasoes = arquivos('').flatMap((rel) => {
      const dono = donoDoArquivo(rel);
      const texto = readFileSync(path.join(SRC, rel), 'utf8');
      return [...tabelasTocadas(texto)].filter((t) => donoDe.get(t) !== dono).map((t) => `${rel} → ${t} (de ${donoDe.get(t) ?? '?'})`);
    });
    expect(invasoes).toEqual([]);
  });

  it('the check sees what it looks for: a drizzle import and each SQL form', () => {
    const exemplo = [
      "import { usuarios, type chips as c } from '../../db/schema';",
      'sql`select 1 from rastreadores r join comandos c on true`',
      'sql`insert into notificacoes (x) values (1)`',
      'sql`update "zonas" set x = 1`',
      'sql`select 1 from v_usuarios`',
    ].join('\n');
    expect([...tabelasTocadas(exemplo)].sort()).toEqual(['chips', 'comandos', 'notificacoes', 'rastreadores', 'usuarios', 'zonas']);
  });
});
