/// <reference types="node" />
/**
 * Every text a user reads is written in correct Portuguese (issue #32, item 12): the spec writes
 * many labels without their accents ("Usuarios", "Nao", "Campo obrigatorio.") and the app must not
 * copy them. This reads the message catalogue, every source file of the web app, its HTML pages and
 * manifest, and the server's sources, takes the texts a person can see (string literals and JSX
 * text) and fails on a word from the list below written without its accent.
 *
 * Code is left alone: a string that looks like an identifier, a path or an enum value
 * ('situacao', '/api/usuarios', 'AGUARDANDO_VINCULO', 'nao-lidas'), the words inside such a piece,
 * SQL, type positions, property names and the OpenAPI component names are not text.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const RAIZ = join(import.meta.dirname, '../../..');

/** Unaccented spellings seen in the spec and the app, and common ones, with the right spelling. */
const CORRECOES: Record<string, string> = {
  acao: 'ação',
  acoes: 'ações',
  alem: 'além',
  apos: 'após',
  area: 'área',
  areas: 'áreas',
  ate: 'até',
  atraves: 'através',
  automatico: 'automático',
  automatica: 'automática',
  avaliacao: 'avaliação',
  cabecalho: 'cabeçalho',
  circulo: 'círculo',
  cod: 'cód',
  codigo: 'código',
  codigos: 'códigos',
  concluido: 'concluído',
  conexao: 'conexão',
  configuracao: 'configuração',
  configuracoes: 'configurações',
  descricao: 'descrição',
  disponivel: 'disponível',
  distancia: 'distância',
  eletronico: 'eletrônico',
  email: 'e-mail',
  emails: 'e-mails',
  endereco: 'endereço',
  enderecos: 'endereços',
  entao: 'então',
  estatisticas: 'estatísticas',
  faca: 'faça',
  familia: 'família',
  grafico: 'gráfico',
  graficos: 'gráficos',
  guardiao: 'guardião',
  guardioes: 'guardiões',
  historico: 'histórico',
  horario: 'horário',
  indisponivel: 'indisponível',
  informacao: 'informação',
  informacoes: 'informações',
  inicio: 'início',
  invalida: 'inválida',
  invalidas: 'inválidas',
  invalido: 'inválido',
  invalidos: 'inválidos',
  ja: 'já',
  localizacao: 'localização',
  localizacoes: 'localizações',
  maximo: 'máximo',
  mes: 'mês',
  minimo: 'mínimo',
  nao: 'não',
  necessario: 'necessário',
  nivel: 'nível',
  niveis: 'níveis',
  notificacao: 'notificação',
  notificacoes: 'notificações',
  numero: 'número',
  numeros: 'números',
  obrigatoria: 'obrigatória',
  obrigatorio: 'obrigatório',
  opcao: 'opção',
  opcoes: 'opções',
  pagina: 'página',
  paginas: 'páginas',
  padrao: 'padrão',
  periodo: 'período',
  periodos: 'períodos',
  permissao: 'permissão',
  permissoes: 'permissões',
  poligono: 'polígono',
  posicao: 'posição',
  posicoes: 'posições',
  possivel: 'possível',
  precisao: 'precisão',
  proxima: 'próxima',
  proximo: 'próximo',
  publico: 'público',
  redefinicao: 'redefinição',
  relatorio: 'relatório',
  relatorios: 'relatórios',
  responsavel: 'responsável',
  saida: 'saída',
  sao: 'são',
  sera: 'será',
  servico: 'serviço',
  sessao: 'sessão',
  sincronizacao: 'sincronização',
  situacao: 'situação',
  situacoes: 'situações',
  tambem: 'também',
  titulo: 'título',
  tres: 'três',
  ultima: 'última',
  ultimas: 'últimas',
  ultimo: 'último',
  ultimos: 'últimos',
  unico: 'único',
  usuario: 'usuário',
  usuarios: 'usuários',
  util: 'útil',
  valido: 'válido',
  versao: 'versão',
  vinculo: 'vínculo',
  visualizacao: 'visualização',
  voce: 'você',
};

/** Words that only exist with an accent: '-ção', '-ções', '-são', '-sões' written bare. */
const SEM_ACENTO = /^\p{L}*(?:cao|coes|sao|soes)$/u;

/** The spec's typos, kept out by phrase. */
const FRASES_ERRADAS = [/\bseu dados\b/i, /\bbem vindos?\b/i];

const erroDe = (palavra: string): string | undefined => {
  const p = palavra.toLowerCase();
  if (Object.hasOwn(CORRECOES, p)) return CORRECOES[p];
  if (SEM_ACENTO.test(p)) return 'acento';
  return undefined;
};

/** A whole string that is code: an identifier, an enum value, a path, a key, SQL or an event frame. */
const pareceCodigo = (s: string) =>
  (/^[-\w.:]+$/.test(s) && !/[A-Z]/.test(s)) || // kebab-case, snake_case, 'localizacoes.', 'vinculo:'
  /^[a-z]+[A-Z]\w*$/.test(s) || // camelCase
  /^[A-Z][A-Z0-9_]*$/.test(s) || // ENUM_VALUE
  (!/\s/.test(s) && (/[/#=_@?&(]/.test(s) || /\p{L}[.:]\p{L}/u.test(s))) || // paths, URLs, keys, calls
  /\b(?:select|insert|update|delete|where|returning|join|coalesce)\b/.test(s) || // SQL
  /^event: /.test(s); // a server-sent event frame

/** A piece of a text (between spaces) that is code: a path, an address, a quoted name, an identifier. */
const pedacoDeCodigo = (p: string) => {
  const nu = p.replace(/^[(["'«]+|[)\]"'»,;:.!?…]+$/g, '');
  return (
    /[/@_=\\<>{}$#|`]/.test(p) ||
    /^["'`].+["'`][,.;:)]*$/.test(p) || // "posicao": a quoted event or field name
    /\p{L}[.:]\p{L}/u.test(nu) || // ur.descricao, reset:email
    (/[a-z0-9]-[a-z0-9]/.test(nu) && !/[A-Z]/.test(nu)) || // nao-lidas, env(safe-area-inset-bottom), e-mail
    /^[a-z]+[A-Z]\w*$/.test(nu) // camelCase
  );
};

interface Achado {
  onde: string;
  palavra: string;
  correcao: string;
  texto: string;
}

function verificarTexto(texto: string, onde: string, achados: Achado[]) {
  const t = texto.trim();
  if (!t || pareceCodigo(t)) return;
  for (const f of FRASES_ERRADAS) {
    const m = f.exec(t);
    if (m) achados.push({ onde, palavra: m[0], correcao: 'concordância', texto: t });
  }
  for (const pedaco of t.split(/\s+/)) {
    if (pedacoDeCodigo(pedaco)) continue;
    for (const palavra of pedaco.match(/\p{L}+/gu) ?? []) {
      const correcao = erroDe(palavra);
      if (correcao) achados.push({ onde, palavra, correcao, texto: t.length > 120 ? `${t.slice(0, 117)}...` : t });
    }
  }
}

/** Is this string literal in a place that is code, not text? */
function emPosicaoDeCodigo(n: ts.Node): boolean {
  const pai = n.parent;
  if (ts.isImportDeclaration(pai) || ts.isExportDeclaration(pai) || ts.isExternalModuleReference(pai)) return true;
  if (ts.isLiteralTypeNode(pai)) return true;
  if (ts.isElementAccessExpression(pai) && pai.argumentExpression === n) return true;
  if ((ts.isPropertyAssignment(pai) || ts.isPropertySignature(pai) || ts.isPropertyDeclaration(pai)) && pai.name === n) return true;
  if (ts.isCallExpression(pai)) {
    const chamada = pai.expression.getText();
    // nomeado('Guardiao', …) names an OpenAPI component; import('x') loads a module.
    if (chamada === 'nomeado' && pai.arguments[0] === n) return true;
    if (pai.expression.kind === ts.SyntaxKind.ImportKeyword) return true;
  }
  return false;
}

function verificarCodigo(fonte: string, arquivo: string, achados: Achado[], linhaInicial = 0) {
  const tipo = arquivo.endsWith('.tsx') ? ts.ScriptKind.TSX : arquivo.endsWith('.html') ? ts.ScriptKind.JS : ts.ScriptKind.TS;
  const sf = ts.createSourceFile(arquivo, fonte, ts.ScriptTarget.Latest, true, tipo);
  const onde = (n: ts.Node) => `${arquivo}:${linhaInicial + sf.getLineAndCharacterOfPosition(n.getStart(sf)).line + 1}`;
  const visitar = (n: ts.Node): void => {
    // SQL, as the server writes it: sql`select … from usuarios`.
    if (ts.isTaggedTemplateExpression(n) && /^sql\b/.test(n.tag.getText(sf))) return;
    if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) {
      if (!emPosicaoDeCodigo(n)) verificarTexto(n.text, onde(n), achados);
    } else if (ts.isTemplateHead(n) || ts.isTemplateMiddle(n) || ts.isTemplateTail(n)) {
      verificarTexto(n.text, onde(n), achados);
    } else if (ts.isJsxText(n)) {
      verificarTexto(n.text, onde(n), achados);
    }
    ts.forEachChild(n, visitar);
  };
  visitar(sf);
}

const ENTIDADES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&nbsp;': ' ' };

/** An HTML page: its text, the attributes a person reads or hears, and its inline scripts. */
function verificarHtml(html: string, arquivo: string, achados: Achado[]) {
  const linha = (i: number) => html.slice(0, i).split('\n').length;
  const semComentarios = html.replace(/<!--[\s\S]*?-->/g, (c) => c.replace(/[^\n]/g, ' '));
  for (const m of semComentarios.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/gi))
    if (m[1]?.trim()) verificarCodigo(m[1], arquivo, achados, linha(m.index + m[0].indexOf('>') + 1) - 1);
  const marcacao = semComentarios.replace(/<(script|style)\b[^>]*>[\s\S]*?<\/\1>/gi, (c) => c.replace(/[^\n]/g, ' '));
  for (const m of marcacao.matchAll(/>([^<]+)</g))
    if (m[1]?.trim())
      verificarTexto(
        m[1].replace(/&[#\w]+;/g, (e) => ENTIDADES[e] ?? ' '),
        `${arquivo}:${linha(m.index)}`,
        achados,
      );
  for (const m of marcacao.matchAll(/\s(?:title|alt|aria-label|placeholder|content)="([^"]*)"/g))
    if (m[1]) verificarTexto(m[1], `${arquivo}:${linha(m.index)}`, achados);
}

function arquivos(dir: string, aceita: (arquivo: string) => boolean): string[] {
  return readdirSync(join(RAIZ, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile())
    .map((e) => relative(RAIZ, join(e.parentPath, e.name)))
    .filter((a) => !a.split('/').includes('node_modules') && aceita(a));
}

const ehFonte = (a: string) => /\.tsx?$/.test(a) && !/\.(test|spec)\.tsx?$/.test(a) && !a.endsWith('.d.ts');

/** Everything a person reads: the catalogue and domain texts, the web app, the server's messages and e-mails. */
function fontesDoProjeto() {
  return {
    codigo: [
      ...arquivos('packages/shared/src', ehFonte),
      // Test data (src/testing, *-fixtures.ts) is not shipped.
      ...arquivos('apps/web/src', (a) => ehFonte(a) && !a.includes('/src/testing/') && !a.endsWith('-fixtures.ts')),
      ...arquivos('apps/server/src', ehFonte),
    ],
    html: [
      ...readdirSync(join(RAIZ, 'apps/web'))
        .filter((a) => a.endsWith('.html'))
        .map((a) => `apps/web/${a}`),
      ...arquivos('apps/web/public', (a) => a.endsWith('.html')),
    ],
    manifesto: 'apps/web/public/manifest.webmanifest',
  };
}

function verificarProjeto(): Achado[] {
  const achados: Achado[] = [];
  const { codigo, html, manifesto } = fontesDoProjeto();
  for (const a of codigo) verificarCodigo(readFileSync(join(RAIZ, a), 'utf8'), a, achados);
  for (const a of html) verificarHtml(readFileSync(join(RAIZ, a), 'utf8'), a, achados);
  const m = JSON.parse(readFileSync(join(RAIZ, manifesto), 'utf8')) as Record<string, unknown>;
  for (const campo of ['name', 'short_name', 'description'])
    if (typeof m[campo] === 'string') verificarTexto(m[campo], `${manifesto} (${campo})`, achados);
  return achados;
}

describe('Portuguese spelling of what users read', () => {
  it('finds the unaccented words and leaves code alone', () => {
    const achados: Achado[] = [];
    verificarCodigo(
      [
        "const a = { label: 'Descricao', id: 'descricao' };",
        "const b = 'Tipo de Visualizacao';",
        'const c = `Enviamos a você um email com seu dados de acesso.`;',
        "const d = <b title='Situacao'>Nao</b>;",
        "const e = ['/api/usuarios', 'AGUARDANDO_VINCULO', 'nao-lidas', 'situacaoEnergia', 'Rastro <nao-responda@rastro.local>'];",
        "type F = 'situacao' | 'Usuarios';",
        "const g = nomeado('Localizacao', x);",
        'const h = sql`select descricao from usuarios where situacao = ${s}`;',
        "const i = 'Campo obrigatório.';",
      ].join('\n'),
      'exemplo.tsx',
      achados,
    );
    expect(achados.map((a) => `${a.onde} ${a.palavra} → ${a.correcao}`)).toEqual([
      'exemplo.tsx:1 Descricao → descrição',
      'exemplo.tsx:2 Visualizacao → visualização',
      'exemplo.tsx:3 seu dados → concordância',
      'exemplo.tsx:3 email → e-mail',
      'exemplo.tsx:4 Situacao → situação',
      'exemplo.tsx:4 Nao → não',
    ]);
  });

  it('reads the labels and texts of an HTML page', () => {
    const achados: Achado[] = [];
    verificarHtml(
      '<!-- Usuarios --><title>Rastro</title><style>.usuario{}</style>\n<label for="email">Email</label>\n<script>var m = "Nao enviado";</script>',
      'pagina.html',
      achados,
    );
    expect(achados.map((a) => `${a.onde} ${a.palavra}`)).toEqual(['pagina.html:3 Nao', 'pagina.html:2 Email']);
  });

  it('no text of the app, the catalogue or the server has a word missing its accent', () => {
    const achados = verificarProjeto().map((a) => `${a.onde}: "${a.palavra}" → ${a.correcao} (${a.texto})`);
    expect(achados).toEqual([]);
    // Parses every source file of the project: seconds, more on a shared machine.
  }, 120_000);
});
