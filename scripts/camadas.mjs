// `npm run lint` (and `npm run camadas`): the server's modules form layers that only look down
// (docs/ARCHITECTURE.md, "Camadas dos módulos"). Fails when a module imports one in a layer above
// it, or one later in its own layer, reads such a module's view (`v_*`) in its SQL, and when the
// modules' graph has a cycle. The arrows still pointing up are listed in PENDENTES, each with its
// reason; the list only shrinks — an arrow gone from the code must leave it too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the modules, the migrations (their views) and the tables' owners are. */
export const LOCAIS = {
  modulos: path.join(raiz, 'apps/server/src/modules'),
  migracoes: path.join(raiz, 'apps/server/drizzle'),
  donos: path.join(raiz, 'apps/server/src/db/donos.json'),
};

/** Bottom first. A module may import the modules before it: of a lower layer, or earlier in its own. */
export const CAMADAS = [
  { nome: 'base', modulos: ['auditoria', 'config', 'health', 'lookups'] },
  { nome: 'identidade', modulos: ['usuarios', 'auth'] },
  { nome: 'dispositivos', modulos: ['chips', 'rastreadores', 'comandos'] },
  { nome: 'pets', modulos: ['meus-rastreadores'] },
  { nome: 'telemetria', modulos: ['zonas', 'localizacoes', 'atividade'] },
  { nome: 'pessoas', modulos: ['notificacoes', 'push', 'links', 'relatorios'] },
  { nome: 'cobranca', modulos: ['pagamentos'] },
];

/** Arrows that still point up, `de -> para`. */
const PENDENTES = new Set();

const ordem = new Map(CAMADAS.flatMap((c) => c.modulos).map((m, i) => [m, i]));
const camadaDe = new Map(CAMADAS.flatMap((c) => c.modulos.map((m) => [m, c.nome])));

function arquivos(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? arquivos(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/**
 * Each view the migrations create (`CREATE VIEW "v_x" AS … FROM "tabela"`) → the module owning
 * its table (donos.json): reading the view is reading that module's data.
 */
function donosDasVistas(locais) {
  const donos = JSON.parse(readFileSync(locais.donos, 'utf8'));
  const moduloDaTabela = new Map(
    Object.entries(donos).flatMap(([dono, tabelas]) => (dono.startsWith('modules/') ? tabelas.map((t) => [t, dono.slice(8)]) : [])),
  );
  const vistas = new Map();
  for (const f of readdirSync(locais.migracoes).filter((f) => f.endsWith('.sql'))) {
    const texto = readFileSync(path.join(locais.migracoes, f), 'utf8');
    for (const [, vista, corpo] of texto.matchAll(/CREATE (?:OR REPLACE )?VIEW "(v_\w+)" AS([\s\S]*?)(?:;|--> statement-breakpoint|$)/gi)) {
      // The view's own table: the last one its FROMs name (a subquery may read another module's view first).
      const tabela = [...corpo.matchAll(/\bFROM "(\w+)"/gi)].map((m) => m[1]).findLast((t) => moduloDaTabela.has(t));
      if (tabela) vistas.set(vista, moduloDaTabela.get(tabela));
    }
  }
  return vistas;
}

/** The source without its comments (a comment naming a view reads nothing). */
const semComentarios = (fonte) => fonte.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');

/**
 * Every module's imports of other modules and reads of their views: `de -> para` → the files and
 * what makes the arrow.
 */
export function grafo(locais = LOCAIS) {
  const raizModulos = locais.modulos;
  const modulos = readdirSync(raizModulos).filter((m) => statSync(path.join(raizModulos, m)).isDirectory());
  const vistas = donosDasVistas(locais);
  const arestas = new Map();
  const anotar = (de, para, onde) => {
    if (para === de || !modulos.includes(para)) return;
    const chave = `${de} -> ${para}`;
    arestas.set(chave, [...(arestas.get(chave) ?? []), onde]);
  };
  for (const de of modulos)
    for (const arquivo of arquivos(path.join(raizModulos, de))) {
      const fonte = readFileSync(arquivo, 'utf8');
      const nome = path.relative(raizModulos, arquivo);
      for (const [, alvo] of fonte.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']*)'/g)) {
        const relativo = path.relative(raizModulos, path.resolve(path.dirname(arquivo), alvo));
        if (!relativo.startsWith('..')) anotar(de, relativo.split(path.sep)[0], `${nome} importa '${alvo}'`);
      }
      for (const vista of new Set(semComentarios(fonte).match(/\bv_\w+\b/g) ?? []))
        if (vistas.has(vista)) anotar(de, vistas.get(vista), `${nome} lê a vista ${vista}`);
    }
  return { modulos, arestas };
}

/** A cycle of the graph as `a -> b -> … -> a`, or null. */
function ciclo(chaves) {
  const vizinhos = new Map();
  for (const k of chaves) {
    const [de, para] = k.split(' -> ');
    vizinhos.set(de, [...(vizinhos.get(de) ?? []), para]);
  }
  const estado = new Map();
  const pilha = [];
  const visitar = (m) => {
    estado.set(m, 'aberto');
    pilha.push(m);
    for (const v of vizinhos.get(m) ?? []) {
      if (estado.get(v) === 'aberto') return [...pilha.slice(pilha.indexOf(v)), v].join(' -> ');
      if (!estado.has(v)) {
        const c = visitar(v);
        if (c) return c;
      }
    }
    pilha.pop();
    estado.set(m, 'fechado');
    return null;
  };
  for (const m of vizinhos.keys())
    if (!estado.has(m)) {
      const c = visitar(m);
      if (c) return c;
    }
  return null;
}

export function conferir(locais = LOCAIS, pendentes = PENDENTES) {
  const { modulos, arestas } = grafo(locais);
  const erros = [];
  for (const m of modulos) if (!ordem.has(m)) erros.push(`O módulo ${m} não está em nenhuma camada (scripts/camadas.mjs, CAMADAS).`);
  for (const m of ordem.keys()) if (!modulos.includes(m)) erros.push(`A camada ${camadaDe.get(m)} lista ${m}, que não existe.`);
  const ainda = [];
  for (const [chave, onde] of arestas) {
    const [de, para] = chave.split(' -> ');
    if (!ordem.has(de) || !ordem.has(para) || ordem.get(para) < ordem.get(de)) continue;
    if (pendentes.has(chave)) ainda.push(chave);
    else
      erros.push(
        `${de} (${camadaDe.get(de)}) depende de ${para} (${camadaDe.get(para)}), que está acima dele: ` +
          `troque a chamada por um evento ou uma porta passada na composição.\n    ${onde.join('\n    ')}`,
      );
  }
  for (const p of pendentes.keys()) if (!arestas.has(p)) erros.push(`${p} saiu do código: tire-a de PENDENTES em scripts/camadas.mjs.`);
  // Pending arrows aside, the rule above already rules cycles out; checked anyway, on the whole graph minus them.
  const c = ciclo([...arestas.keys()].filter((k) => !pendentes.has(k)));
  if (c) erros.push(`Ciclo entre módulos: ${c}.`);
  return { erros, pendentes: ainda };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { erros, pendentes } = conferir();
  if (erros.length > 0) {
    console.error(`Camadas dos módulos do servidor:\n- ${erros.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`Camadas dos módulos: ok (${pendentes.length} setas ainda para cima, em PENDENTES: issue #34).`);
}
