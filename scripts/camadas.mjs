// `npm run lint` (and `npm run camadas`): the server's modules form layers that only look down
// (docs/ARCHITECTURE.md, "Camadas dos módulos"). Fails when a module imports one in a layer above
// it, or one later in its own layer, and when the modules' graph has a cycle. The arrows still
// pointing up are listed in PENDENTES (issue #34: each becomes an event or a port handed in at
// composition); the list only shrinks — an arrow gone from the code must leave it too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const raiz = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const MODULOS = path.join(raiz, 'apps/server/src/modules');

/** Bottom first. A module may import the modules before it: of a lower layer, or earlier in its own. */
export const CAMADAS = [
  { nome: 'base', modulos: ['auditoria', 'config', 'health', 'lookups'] },
  { nome: 'identidade', modulos: ['usuarios', 'auth'] },
  { nome: 'dispositivos', modulos: ['chips', 'rastreadores', 'comandos'] },
  { nome: 'pets', modulos: ['meus-rastreadores', 'fotos', 'guardioes'] },
  { nome: 'telemetria', modulos: ['zonas', 'posicoes', 'atividade'] },
  { nome: 'pessoas', modulos: ['notificacoes', 'push', 'links', 'relatorios'] },
];

/** Arrows that still point up, `de -> para`. */
const PENDENTES = new Set(['meus-rastreadores -> fotos', 'meus-rastreadores -> guardioes']);

const ordem = new Map(CAMADAS.flatMap((c) => c.modulos).map((m, i) => [m, i]));
const camadaDe = new Map(CAMADAS.flatMap((c) => c.modulos.map((m) => [m, c.nome])));

function arquivos(dir) {
  return readdirSync(dir).flatMap((f) => {
    const p = path.join(dir, f);
    return statSync(p).isDirectory() ? arquivos(p) : /\.tsx?$/.test(f) ? [p] : [];
  });
}

/** Every module's imports of other modules: `de -> para` → the files and specifiers that make it. */
export function grafo() {
  const modulos = readdirSync(MODULOS).filter((m) => statSync(path.join(MODULOS, m)).isDirectory());
  const arestas = new Map();
  for (const de of modulos)
    for (const arquivo of arquivos(path.join(MODULOS, de))) {
      const fonte = readFileSync(arquivo, 'utf8');
      for (const [, alvo] of fonte.matchAll(/(?:from\s+|import\s*\(\s*)'(\.[^']*)'/g)) {
        const relativo = path.relative(MODULOS, path.resolve(path.dirname(arquivo), alvo));
        const para = relativo.split(path.sep)[0];
        if (relativo.startsWith('..') || para === de || !modulos.includes(para)) continue;
        const chave = `${de} -> ${para}`;
        arestas.set(chave, [...(arestas.get(chave) ?? []), `${path.relative(MODULOS, arquivo)} importa '${alvo}'`]);
      }
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

export function conferir() {
  const { modulos, arestas } = grafo();
  const erros = [];
  for (const m of modulos) if (!ordem.has(m)) erros.push(`O módulo ${m} não está em nenhuma camada (scripts/camadas.mjs, CAMADAS).`);
  for (const m of ordem.keys()) if (!modulos.includes(m)) erros.push(`A camada ${camadaDe.get(m)} lista ${m}, que não existe.`);
  const pendentes = [];
  for (const [chave, onde] of arestas) {
    const [de, para] = chave.split(' -> ');
    if (!ordem.has(de) || !ordem.has(para) || ordem.get(para) < ordem.get(de)) continue;
    if (PENDENTES.has(chave)) pendentes.push(chave);
    else
      erros.push(
        `${de} (${camadaDe.get(de)}) importa ${para} (${camadaDe.get(para)}), que está acima dele: ` +
          `troque a chamada por um evento ou uma porta passada na composição.\n    ${onde.join('\n    ')}`,
      );
  }
  for (const p of PENDENTES) if (!arestas.has(p)) erros.push(`${p} saiu do código: tire-a de PENDENTES em scripts/camadas.mjs.`);
  // Pending arrows aside, the rule above already rules cycles out; checked anyway, on the whole graph minus them.
  const c = ciclo([...arestas.keys()].filter((k) => !PENDENTES.has(k)));
  if (c) erros.push(`Ciclo entre módulos: ${c}.`);
  return { erros, pendentes };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { erros, pendentes } = conferir();
  if (erros.length > 0) {
    console.error(`Camadas dos módulos do servidor:\n- ${erros.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`Camadas dos módulos: ok (${pendentes.length} setas ainda para cima, em PENDENTES: issue #34).`);
}
