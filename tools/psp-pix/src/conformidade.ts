import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';

/**
 * Exchanges checked against the Banco Central's API Pix (OpenAPI 3.0, release 2.9.0), read from
 * `shared/protocols/pix/` beside the checkout when it is there: a request's body against its
 * operation's request body, an answer against the operation's answer for that status, a webhook
 * callback's body against the callback's. A readable list of what does not conform; empty when all does.
 */
const PADRAO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../shared/protocols/pix/api-pix-2.9.0.yaml');

type No = Record<string, unknown>;
const ehNo = (v: unknown): v is No => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether the official YAML is on this machine (a clean clone on CI may not have it). */
export const apiPixDisponivel = (arquivo = PADRAO) => existsSync(arquivo);

interface Especificacao {
  doc: No;
  ajv: Ajv;
  compilados: Map<string, ValidateFunction>;
}

let carregada: Especificacao | undefined;

function especificacao(arquivo = PADRAO): Especificacao {
  if (carregada) return carregada;
  const doc = corrigir(parse(readFileSync(arquivo, 'utf8')) as No);
  // OpenAPI 3.0 keywords ajv does not know (nullable, example, discriminator, x-…) are ignored, not errors.
  const ajv = new Ajv({ strict: false, allErrors: true, validateFormats: true });
  addFormats.default(ajv);
  ajv.addSchema(paraAjv({ $id: 'api-pix', components: doc.components }) as object, 'api-pix');
  carregada = { doc, ajv, compilados: new Map() };
  return carregada;
}

/**
 * The published file's slips, mended narrowly (each also fails the YAML's own examples):
 * - `DadosRecebedor` asks for `logradouro`, `cidade`, `uf` and `cep` on the charge itself, besides
 *   inside `recebedor` where they belong (cobResponse4 has them only there);
 * - Pix Automático: `RecBase` requires `idRec` (the PSP makes it) and `retentativa` (the field is
 *   `politicaRetentativa`), `SolicRecBase` requires a `pagador` it never defines, and
 *   `RecNotification` requires `atualizacao"` (a stray quote), `SolicRecCompleta` requires `rec`
 *   (the examples call it `recPayload`), and an `encerramento`'s `oneOf` branches require nothing, so
 *   any value matches both, and `PixAutomatico.valor` is a string that must match objects; the examples recBody1, solicRecBody1, solicRecResponse1 and
 *   recWebhookNotification1 fail without these;
 * - every `location` says `format: uri`, yet the examples (cobResponse4, cobResponse5) and the Manual
 *   de Padrões write the location without a scheme ('pix.example.com/qr/…'), which is what a BR Code
 *   carries.
 */
function corrigir(doc: No): No {
  const esquemas = ehNo(doc.components) && ehNo(doc.components.schemas) ? doc.components.schemas : {};
  const recebedor = esquemas.DadosRecebedor;
  if (ehNo(recebedor)) delete recebedor.required;
  const semExigir = (nome: string, campos: string[]) => {
    const e = esquemas[nome];
    if (ehNo(e) && Array.isArray(e.required)) e.required = e.required.filter((c) => !campos.includes(String(c)));
  };
  semExigir('RecBase', ['idRec', 'retentativa']);
  semExigir('SolicRecBase', ['pagador']);
  semExigir('SolicRecCompleta', ['rec']);
  // An `encerramento` is a rejection or a cancellation: as published, each `oneOf` branch requires
  // nothing, so every value matches both and fails. Each branch requires its one property.
  const exigirRamo = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(exigirRamo);
    if (!ehNo(v)) return;
    if (Array.isArray(v.oneOf))
      for (const ramo of v.oneOf) {
        const props = ehNo(ramo) && ehNo(ramo.properties) ? Object.keys(ramo.properties) : [];
        if (ehNo(ramo) && ramo.required === undefined && props.length === 1) ramo.required = props;
      }
    Object.values(v).forEach(exigirRamo);
  };
  exigirRamo(esquemas);
  // `PixAutomatico.valor` is a string that must also match objects (`anyOf` of the value's
  // components, which `Pix` keeps apart as `componentesValor`): no string can. The string stays.
  const pixAut = esquemas.PixAutomatico;
  if (ehNo(pixAut) && ehNo(pixAut.properties) && ehNo(pixAut.properties.valor)) delete pixAut.properties.valor.anyOf;
  const notificacao = esquemas.RecNotification;
  if (ehNo(notificacao) && Array.isArray(notificacao.required))
    notificacao.required = notificacao.required.map((c) => String(c).replace(/"$/, ''));
  const semUri = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(semUri);
    if (!ehNo(v)) return;
    if (ehNo(v.properties) && ehNo(v.properties.location) && v.properties.location.format === 'uri') delete v.properties.location.format;
    Object.values(v).forEach(semUri);
  };
  semUri(esquemas);
  return doc;
}

/** A `$ref` inside the document ('#/components/…'), followed. */
function seguir(e: Especificacao, v: unknown): unknown {
  let atual = v;
  for (let i = 0; i < 10 && ehNo(atual) && typeof atual.$ref === 'string'; i++) {
    let alvo: unknown = e.doc;
    for (const parte of atual.$ref.replace(/^#\//, '').split('/')) alvo = ehNo(alvo) ? alvo[parte] : undefined;
    atual = alvo;
  }
  return atual;
}

/** The operation of `metodo` on the YAML path matching `caminho` ('/api/cobv/abc' → '/cobv/{txid}'). */
function operacao(e: Especificacao, metodo: string, caminho: string): { modelo: string; op: No } | undefined {
  const semBase = caminho.replace(/^\/api(?=\/)/, '').split('?')[0] ?? '';
  const partes = semBase.split('/');
  const caminhos = ehNo(e.doc.paths) ? e.doc.paths : {};
  // Literal segments beat templates ('/cobv/{txid}' and '/cobv/{pixUrlAccessToken}' both match: the first declared wins).
  const candidatos = Object.keys(caminhos).filter((modelo) => {
    const m = modelo.split('/');
    return m.length === partes.length && m.every((s, i) => s.startsWith('{') || s === partes[i]);
  });
  candidatos.sort((a, b) => a.split('{').length - b.split('{').length);
  for (const modelo of candidatos) {
    const item = caminhos[modelo];
    const op = ehNo(item) ? item[metodo.toLowerCase()] : undefined;
    if (ehNo(op)) return { modelo, op };
  }
  return undefined;
}

function esquemaDoConteudo(e: Especificacao, corpo: unknown): unknown {
  const c = seguir(e, corpo);
  if (!ehNo(c) || !ehNo(c.content)) return undefined;
  for (const tipo of ['application/json', 'application/problem+json']) {
    const midia = c.content[tipo];
    if (ehNo(midia) && midia.schema !== undefined) return midia.schema;
  }
  return undefined;
}

/**
 * The schema as ajv reads it: its '#/components/…' references resolve inside the document added as
 * 'api-pix', and a pattern written between slashes in the YAML ('/^\\d{11}$/', a slip of the
 * published file for the CPF and CNPJ) is the expression inside them.
 */
function paraAjv(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(paraAjv);
  if (!ehNo(v)) return v;
  return Object.fromEntries(
    Object.entries(v).map(([k, x]) => {
      if (k === '$ref' && typeof x === 'string') return [k, x.replace(/^#\/components\//, 'api-pix#/components/')];
      if (k === 'pattern' && typeof x === 'string' && /^\/.+\/$/.test(x)) return [k, x.slice(1, -1)];
      return [k, paraAjv(x)];
    }),
  );
}

function validarContra(e: Especificacao, chave: string, esquema: unknown, corpo: unknown): string[] {
  let validar = e.compilados.get(chave);
  if (!validar) {
    validar = e.ajv.compile(paraAjv(esquema) as object);
    e.compilados.set(chave, validar);
  }
  if (validar(corpo)) return [];
  return (validar.errors ?? []).map((er) => `${chave}: ${er.instancePath || '(corpo)'} ${er.message ?? ''} ${JSON.stringify(er.params)}`);
}

export interface Pedido {
  metodo: string;
  caminho: string;
  corpo?: unknown;
}

/** A request to the PSP against its operation's request body. */
export function validarPedido(p: Pedido, arquivo?: string): string[] {
  const e = especificacao(arquivo);
  const achada = operacao(e, p.metodo, p.caminho);
  if (!achada) return [`${p.metodo} ${p.caminho}: nenhuma operação da API Pix`];
  const esquema = esquemaDoConteudo(e, achada.op.requestBody);
  if (esquema === undefined) return p.corpo === undefined ? [] : [`${p.metodo} ${achada.modelo}: a operação não tem corpo`];
  return validarContra(e, `${p.metodo} ${achada.modelo} (pedido)`, esquema, p.corpo);
}

/** An answer of the PSP against the operation's answer for its status. */
export function validarResposta(r: Pedido & { status: number }, arquivo?: string): string[] {
  const e = especificacao(arquivo);
  const achada = operacao(e, r.metodo, r.caminho);
  if (!achada) return [`${r.metodo} ${r.caminho}: nenhuma operação da API Pix`];
  const respostas = ehNo(achada.op.responses) ? achada.op.responses : {};
  const declarada = respostas[String(r.status)];
  if (declarada === undefined) return [`${r.metodo} ${achada.modelo}: status ${r.status} não previsto`];
  const esquema = esquemaDoConteudo(e, declarada);
  if (esquema === undefined) return [];
  return validarContra(e, `${r.metodo} ${achada.modelo} ${r.status}`, esquema, r.corpo);
}

/** The callbacks of the API Pix: `{webhookUrl}/pix`, `/rec` (recurrences) and `/cobr` (recurring charges). */
const CALLBACKS = {
  pix: ['/webhook/{chave}', 'listaPix'],
  rec: ['/webhookrec', 'rec'],
  cobr: ['/webhookcobr', 'cobr'],
} as const;

/** A webhook callback's body against the API Pix: `{ pix }` to '/pix', `{ recs }` to '/rec', `{ cobsr }` to '/cobr'. */
export function validarCallback(tipo: keyof typeof CALLBACKS, corpo: unknown, arquivo?: string): string[] {
  const e = especificacao(arquivo);
  const [caminho, nome] = CALLBACKS[tipo];
  const achada = operacao(e, 'PUT', caminho);
  const callbacks = achada && ehNo(achada.op.callbacks) ? achada.op.callbacks : {};
  const lista = callbacks[nome];
  const post = ehNo(lista) ? Object.values(lista).map((c) => (ehNo(c) ? c.post : undefined))[0] : undefined;
  const esquema = ehNo(post) ? esquemaDoConteudo(e, post.requestBody) : undefined;
  if (esquema === undefined) return [`callback ${nome} não encontrado na API Pix`];
  return validarContra(e, `callback /${tipo}`, esquema, corpo);
}

/** A webhook callback's body (`{ pix: [...] }`, POSTed to the registered URL + '/pix'). */
export const validarCallbackPix = (corpo: unknown, arquivo?: string) => validarCallback('pix', corpo, arquivo);

/** The YAML's own example `nome` (components.examples), to check the mends above against. */
export function exemploDaApi(nome: string, arquivo?: string): unknown {
  const e = especificacao(arquivo);
  const exemplos = ehNo(e.doc.components) && ehNo(e.doc.components.examples) ? e.doc.components.examples : {};
  const x = exemplos[nome];
  return ehNo(x) ? x.value : undefined;
}
