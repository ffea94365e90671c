import { createHash } from 'node:crypto';
import { request, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MSG } from '@rastro/shared/messages';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { criarApp, type TestApp } from '../apoio/helpers';

/** The built web app with its precompressed siblings, as apps/web/vite.config.ts writes them. */
const JS = `export const rastro = ${JSON.stringify('pata '.repeat(2000))};\n`;
const HTML = `<!doctype html><html lang="pt-BR"><head><title>Rastro</title></head><body><div id="root"></div>${'<!-- ok -->'.repeat(200)}</body></html>`;
/** Its form works before the app's JavaScript: one inline script (apps/web/login-estatico.html). */
/** index.html's one inline script: the map preview's loader (apps/web/vite.config.ts, previaDoMapa). */
const SCRIPT_DO_INDEX = "if (location.pathname === '/user/mapa') import('/assets/previa-Ab12Cd34.js');";
const INDEX = HTML.replace('</head>', `<script>${SCRIPT_DO_INDEX}</script></head>`);
const SCRIPT_DO_LOGIN = "document.querySelector('form').setAttribute('data-pronto', '');";
const LOGIN = HTML.replace(
  '<div id="root"></div>',
  `<div id="root"><main id="login-estatico"><h1>Fazer login</h1><form></form></main><script>${SCRIPT_DO_LOGIN}</script></div>`,
);

/** A share link's page (its own build: apps/web/vite.publico.config.ts). */
const PUBLICO = HTML.replace('<div id="root"></div>', '<main id="publico"></main>');

/** A bundler output: its name carries the hash of its content (Vite's `[name]-[hash]`). */
const HASHEADO = '/assets/index-B7xQ2k9d.js';
const IMUTAVEL = 'public, max-age=31536000, immutable';

describe('web build: precompressed JS and HTML', () => {
  let app: TestApp;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'rastro-web-gz-'));
    mkdirSync(path.join(dist, 'assets'));
    for (const [arquivo, texto] of [
      ['index.html', INDEX],
      ['login.html', LOGIN],
      ['publico.html', PUBLICO],
      ['assets/app.js', JS],
      [HASHEADO.slice(1), JS],
      ['sw.js', JS],
      ['manifest.webmanifest', '{"name":"Rastro"}'],
      ['favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"/>'],
    ] as const) {
      const bruto = Buffer.from(texto);
      writeFileSync(path.join(dist, arquivo), bruto);
      writeFileSync(path.join(dist, `${arquivo}.gz`), gzipSync(bruto));
      writeFileSync(path.join(dist, `${arquivo}.br`), brotliCompressSync(bruto));
    }
    app = await criarApp({ WEB_DIST: dist, RATE_LIMIT_MAX: '20' });
  });
  afterAll(() => app.fechar());

  it('sends brotli to a client that accepts br and gzip', async () => {
    const res = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends gzip to a client that accepts only gzip', async () => {
    const res = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'gzip' } });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toBe(JS);
  });

  it('sends the plain file to a client that accepts no encoding', async () => {
    const res = await app.inject({ url: '/assets/app.js', headers: { 'accept-encoding': 'identity' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body).toBe(JS);
  });

  it('compresses the SPA index served for a client-side route, still not cached', async () => {
    const res = await app.inject({ url: '/admin/dashboard', headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(INDEX);
  });

  it('keeps a hashed file a year, immutable; every other file, the pages, the worker and the manifest are revalidated by ETag', async () => {
    for (const headers of [{}, { 'accept-encoding': 'br, gzip' }, { 'accept-encoding': 'gzip' }]) {
      const res = await app.inject({ url: HASHEADO, headers });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control'], JSON.stringify(headers)).toBe(IMUTAVEL);
    }
    const revalidados = [
      '/sw.js',
      '/manifest.webmanifest',
      '/favicon.svg',
      '/assets/app.js',
      '/',
      '/auth/login',
      '/user/mapa',
      `/p/${'a'.repeat(43)}`,
    ];
    for (const url of revalidados) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }]) {
        const rotulo = `${url} ${JSON.stringify(headers)}`;
        const res = await app.inject({ url, headers });
        expect(res.statusCode, rotulo).toBe(200);
        expect(res.headers['cache-control'], rotulo).toBe('no-cache');
        const etag = res.headers.etag;
        expect(etag, rotulo).toBeTruthy();
        // The browser asks again with the ETag: an unchanged file is a 304 with no body.
        const de_novo = await app.inject({ url, headers: { ...headers, 'if-none-match': String(etag) } });
        expect(de_novo.statusCode, rotulo).toBe(304);
        expect(de_novo.rawPayload.length, rotulo).toBe(0);
      }
    }
  });

  it('sends the login route its page drawn in the HTML, with or without a query', async () => {
    for (const url of ['/auth/login', '/auth/login?redirect=%2Fuser%2Fmapa']) {
      const res = await app.inject({ url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString()).toBe(LOGIN);
    }
    // Every other route keeps the empty index (a login card there would flash before the page).
    expect((await app.inject({ url: '/auth/password-reset' })).body).toBe(INDEX);
  });

  it('sends a share link’s address its own page, kept out of search engines; nothing else under /p/', async () => {
    const res = await app.inject({ url: `/p/${'a'.repeat(43)}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(PUBLICO);
    expect(res.headers['x-robots-tag']).toBe('noindex');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect((await app.inject({ url: '/p/a/b' })).body).toBe(INDEX);
    expect((await app.inject({ url: '/user/mapa' })).body).toBe(INDEX);
  });

  it("lets exactly the pages' inline scripts run (the login's form, the app's map preview loader), by their hashes in the CSP (no 'unsafe-inline')", async () => {
    const hash = [SCRIPT_DO_LOGIN, SCRIPT_DO_INDEX].map((s) => `'sha256-${createHash('sha256').update(s).digest('base64')}'`).join(' ');
    for (const url of ['/auth/login', '/login.html', '/admin/dashboard']) {
      const csp = (await app.inject({ url })).headers['content-security-policy'];
      const scriptSrc = String(csp)
        .split(';')
        .find((d) => d.startsWith('script-src '));
      expect(scriptSrc, url).toBe(`script-src 'self' ${hash}`);
    }
  });

  it('does not count the app files and pages against the per-IP limit; the API still is limited', async () => {
    const ip = '198.51.100.7';
    for (let i = 0; i < 30; i++) {
      const arquivo = await app.inject({ url: '/assets/app.js', remoteAddress: ip });
      expect(arquivo.statusCode).toBe(200);
      expect((await app.inject({ url: '/admin/dashboard', remoteAddress: ip })).statusCode).toBe(200);
    }
    const respostas = [];
    for (let i = 0; i < 25; i++) respostas.push(await app.inject({ url: '/api/config', remoteAddress: ip }));
    expect(respostas.slice(0, 20).every((r) => r.statusCode === 200)).toBe(true);
    // The counters go out only with the refusal, which says when to come back.
    expect(respostas[0]?.headers['x-ratelimit-remaining']).toBeUndefined();
    const recusa = respostas.at(-1);
    expect(recusa?.statusCode).toBe(429);
    expect(recusa?.json()).toMatchObject({ status: 429, message: MSG.muitasTentativas });
    expect(Number(recusa?.headers['retry-after'])).toBeGreaterThan(0);
    expect(recusa?.headers['x-ratelimit-limit']).toBe('20');
  });

  it('counts an API call by the route it reaches, however its URL is spelled (%61pi is /api)', async () => {
    const ip = '198.51.100.8';
    const respostas = [];
    for (let i = 0; i < 25; i++) respostas.push(await app.inject({ url: '/%61pi/config', remoteAddress: ip }));
    const servidas = respostas.filter((r) => r.statusCode === 200).length;
    expect(servidas).toBeLessThanOrEqual(20);
    expect(respostas.at(-1)?.statusCode).toBe(429);
  });
});

describe('web build: source maps', () => {
  const criarDist = () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'rastro-web-map-'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'index.html'), HTML);
    writeFileSync(path.join(dist, 'assets/app.js'), JS);
    writeFileSync(path.join(dist, 'assets/app.js.map'), '{"version":3,"sources":["../src/segredo.ts"]}');
    return dist;
  };

  it('are not served in production, and are in development', async () => {
    const producao = await criarApp({ WEB_DIST: criarDist(), NODE_ENV: 'production' });
    const desenvolvimento = await criarApp({ WEB_DIST: criarDist(), NODE_ENV: 'development' });
    try {
      const res = await producao.inject('/assets/app.js.map');
      expect(res.statusCode).toBe(404);
      expect(res.body).not.toContain('segredo');
      expect((await producao.inject('/assets/app.js')).statusCode).toBe(200);
      expect((await desenvolvimento.inject('/assets/app.js.map')).statusCode).toBe(200);
    } finally {
      await producao.fechar();
      await desenvolvimento.fechar();
    }
  });
});

/** One request over real HTTP: its status, headers and the bytes of its body. */
function pedir(porta: number, method: 'GET' | 'HEAD', caminho: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; corpo: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: porta, method, path: caminho, headers }, (res) => {
      const partes: Buffer[] = [];
      res.on('data', (p: Buffer) => partes.push(p));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, corpo: Buffer.concat(partes) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

describe('web build: HEAD', () => {
  let app: TestApp;
  let porta: number;
  beforeAll(async () => {
    const dist = mkdtempSync(path.join(tmpdir(), 'rastro-web-head-'));
    mkdirSync(path.join(dist, 'assets'));
    for (const [arquivo, texto] of [
      ['index.html', HTML],
      ['login.html', LOGIN],
      ['publico.html', PUBLICO],
      ['assets/index-B7xQ2k9d.js', JS],
    ] as const) {
      writeFileSync(path.join(dist, arquivo), texto);
      writeFileSync(path.join(dist, `${arquivo}.br`), brotliCompressSync(Buffer.from(texto)));
    }
    app = await criarApp({ WEB_DIST: dist, NODE_ENV: 'production' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    porta = (app.server.address() as AddressInfo).port;
  });
  afterAll(() => app.fechar());

  it('answers every page and file like GET (an uptime monitor asks with HEAD), with no body', async () => {
    const caminhos = ['/', '/auth/login', '/user/mapa', `/p/${'a'.repeat(43)}`, '/assets/index-B7xQ2k9d.js'];
    for (const caminho of caminhos) {
      for (const headers of [{}, { 'accept-encoding': 'br, gzip' }] as Record<string, string>[]) {
        const rotulo = `${caminho} ${JSON.stringify(headers)}`;
        const get = await pedir(porta, 'GET', caminho, headers);
        const head = await pedir(porta, 'HEAD', caminho, headers);
        expect(get.status, rotulo).toBe(200);
        expect(head.status, rotulo).toBe(200);
        expect(head.corpo.length, rotulo).toBe(0);
        const { date: _g, ...deGet } = get.headers;
        const { date: _h, ...deHead } = head.headers;
        expect(deHead, rotulo).toEqual(deGet);
        expect(deHead['content-type'], rotulo).toMatch(/^(text\/html|application\/javascript)/);
        expect(deHead['cache-control'], rotulo).toBeDefined();
        expect(Number(deHead['content-length']), rotulo).toBeGreaterThan(0);
      }
    }
  });

  it('a HEAD for a file or an API route that does not exist is still 404', async () => {
    expect((await pedir(porta, 'HEAD', '/assets/nada-B7xQ2k9d.js', {})).status).toBe(404);
    expect((await pedir(porta, 'HEAD', '/api/nada', {})).status).toBe(404);
  });
});
