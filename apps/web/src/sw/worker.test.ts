import { afterEach, describe, expect, it, vi } from 'vitest';
import { MENSAGEM_REINSCREVER } from '@/features/push/worker-contrato';

/**
 * The service worker's handlers, run against a fake worker scope (the test DOM has none): what the
 * system would show, open and send. The real worker in Chromium: e2e/push.spec.ts.
 */

const ORIGEM = 'https://rastro.test';
type Ouvinte = (e: object) => void;

interface Janela {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
  postMessage: ReturnType<typeof vi.fn>;
}

const janela = (controlada = true): Janela => {
  const j: Janela = { url: `${ORIGEM}/user/zonas`, focus: vi.fn(), navigate: vi.fn(), postMessage: vi.fn() };
  j.focus.mockResolvedValue(j);
  j.navigate.mockImplementation(async () => (controlada ? j : Promise.reject(new TypeError('não controlada'))));
  return j;
};

async function carregarWorker(
  janelas: Janela[] = [],
  nomesDeCaches: string[] = [],
  precache = ['/assets/index-abc.js', '/index.html', '/login.html', '/offline.html'],
) {
  vi.resetModules();
  const ouvintes = new Map<string, Ouvinte>();
  const guardados = new Map<string, Response>([
    ['/offline.html', new Response('sem conexão')],
    ['/login.html', new Response('login do cache')],
    ['/index.html', new Response('app do cache')],
    ['/assets/index-abc.js', new Response('// do cache')],
    ['/assets/login-velho.js', new Response('// do build anterior')],
  ]);
  const cache = {
    match: vi.fn(async (r: Request | string) => guardados.get(typeof r === 'string' ? r : new URL(r.url).pathname)?.clone()),
    addAll: vi.fn(async () => undefined),
  };
  const apagados: string[] = [];
  const escopo = {
    location: new URL(`${ORIGEM}/sw.js`),
    registration: {
      showNotification: vi.fn(async () => undefined),
      pushManager: { subscribe: vi.fn(async () => ({ toJSON: () => ({ endpoint: 'https://push.exemplo.test/nova' }) })) },
    },
    clients: { matchAll: vi.fn(async () => janelas), openWindow: vi.fn(async () => null), claim: vi.fn() },
    skipWaiting: vi.fn(),
    addEventListener: (tipo: string, f: Ouvinte) => ouvintes.set(tipo, f),
  };
  vi.stubGlobal('self', escopo);
  vi.stubGlobal('PRECACHE', precache);
  vi.stubGlobal('VERSAO', 'teste');
  vi.stubGlobal('caches', {
    open: vi.fn(async () => cache),
    match: cache.match,
    keys: vi.fn(async () => nomesDeCaches),
    delete: vi.fn(async (nome: string) => apagados.push(nome) > 0),
  });
  await import('./worker');

  /** Fires `tipo` with `dados` and waits for what the handler passed to waitUntil/respondWith. */
  async function disparar(tipo: string, dados: object = {}) {
    const esperas: Promise<unknown>[] = [];
    let resposta: Promise<Response> | undefined;
    const ouvinte = ouvintes.get(tipo);
    if (!ouvinte) throw new Error(`sem ouvinte de ${tipo}`);
    ouvinte({
      ...dados,
      waitUntil: (p: Promise<unknown>) => esperas.push(p),
      respondWith: (r: Response | Promise<Response>) => (resposta = Promise.resolve(r)),
    });
    await Promise.all(esperas);
    return resposta;
  }
  return { escopo, disparar, apagados };
}

const dadosPush = (payload: unknown) => ({ data: { json: () => payload } });

afterEach(() => vi.unstubAllGlobals());

describe('service worker', () => {
  it('push: shows the pet’s notification, tagged with its id, opening the map on the pet', async () => {
    const { escopo, disparar } = await carregarWorker();
    const m = { titulo: 'REX', corpo: 'SOS: REX pediu ajuda.', rastreadorId: 7, url: '/user/mapa?rastreador=7', id: 'n-1' };
    await disparar('push', dadosPush(m));
    expect(escopo.registration.showNotification).toHaveBeenCalledWith('REX', {
      body: 'SOS: REX pediu ajuda.',
      tag: 'n-1',
      icon: '/icons/icone-192.png',
      lang: 'pt-BR',
      data: { url: `${ORIGEM}/user/mapa?rastreador=7` },
    });
  });

  it('push: an unreadable payload still shows a notification (the browser requires one), opening the notifications', async () => {
    const { escopo, disparar } = await carregarWorker();
    await disparar('push', dadosPush({ titulo: 1 }));
    await disparar('push', { data: { json: () => JSON.parse('{') as unknown } });
    await disparar('push', dadosPush({ titulo: 'REX', corpo: 'x', rastreadorId: null, url: 'https://outro.example/golpe', id: 'n-2' }));
    await disparar('push', dadosPush({ titulo: '', corpo: 'y', rastreadorId: null, url: '/user/mapa', id: 'n-3' }));
    const chamadas = escopo.registration.showNotification.mock.calls as unknown as [string, NotificationOptions][];
    expect(chamadas.map(([titulo, o]) => [titulo, o.body, o.data])).toEqual([
      ['Rastro', 'Você tem um novo alerta.', { url: `${ORIGEM}/user/notificacoes` }],
      ['Rastro', 'Você tem um novo alerta.', { url: `${ORIGEM}/user/notificacoes` }],
      // Another site's address is never opened.
      ['REX', 'x', { url: `${ORIGEM}/user/notificacoes` }],
      // An empty title still names the app.
      ['Rastro', 'y', { url: `${ORIGEM}/user/mapa` }],
    ]);
  });

  it('notificationclick: focuses an open Rastro window and takes it to the pet; with none, opens one', async () => {
    const aberta = janela();
    const { escopo, disparar } = await carregarWorker([aberta]);
    const notification = { data: { url: `${ORIGEM}/user/mapa?rastreador=7` }, close: vi.fn() };
    await disparar('notificationclick', { notification });
    expect(notification.close).toHaveBeenCalled();
    expect(aberta.focus).toHaveBeenCalled();
    expect(aberta.navigate).toHaveBeenCalledWith(`${ORIGEM}/user/mapa?rastreador=7`);
    expect(escopo.clients.openWindow).not.toHaveBeenCalled();

    const outra = await carregarWorker([janela(false)]);
    await outra.disparar('notificationclick', { notification });
    expect(outra.escopo.clients.openWindow).toHaveBeenCalledWith(`${ORIGEM}/user/mapa?rastreador=7`);
  });

  it('pushsubscriptionchange: subscribes again with the old key and hands the new subscription to the open pages', async () => {
    const aberta = janela();
    const { escopo, disparar } = await carregarWorker([aberta]);
    const chave = new Uint8Array([4, 1, 2]).buffer;
    await disparar('pushsubscriptionchange', {
      oldSubscription: { endpoint: 'https://push.exemplo.test/velha', options: { applicationServerKey: chave } },
      newSubscription: null,
    });
    expect(escopo.registration.pushManager.subscribe).toHaveBeenCalledWith({ userVisibleOnly: true, applicationServerKey: chave });
    expect(aberta.postMessage).toHaveBeenCalledWith({
      tipo: MENSAGEM_REINSCREVER,
      inscricao: { endpoint: 'https://push.exemplo.test/nova' },
      anterior: 'https://push.exemplo.test/velha',
    });
  });

  it('fetch: API calls go to the server untouched; a navigation without network gets the offline page; built files come from the cache', async () => {
    const { disparar } = await carregarWorker();
    const api = new Request(`${ORIGEM}/api/notificacoes`);
    expect(await disparar('fetch', { request: api })).toBeUndefined();

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    // A share link's page is the server's: without network, the offline page.
    const link = { method: 'GET', url: `${ORIGEM}/p/abc123`, mode: 'navigate' };
    expect(await (await disparar('fetch', { request: link }))?.text()).toBe('sem conexão');

    // A built file comes from the cache, network or not.
    const asset = await disparar('fetch', { request: new Request(`${ORIGEM}/assets/index-abc.js`) });
    expect(await asset?.text()).toBe('// do cache');
  });

  it('fetch: the app’s pages come from the cache (this build’s index.html), network or not; share links from the network', async () => {
    const { disparar } = await carregarWorker();
    const rede = vi.fn(async () => new Response('da rede'));
    vi.stubGlobal('fetch', rede);
    for (const pagina of ['/user/mapa', '/user/zonas?x=1', '/admin/dashboard', '/', '/auth/sign-up']) {
      const resposta = await disparar('fetch', { request: { method: 'GET', url: `${ORIGEM}${pagina}`, mode: 'navigate' } });
      expect(await resposta?.text()).toBe('app do cache');
    }
    expect(rede).not.toHaveBeenCalled();
    const link = await disparar('fetch', { request: { method: 'GET', url: `${ORIGEM}/p/abc123`, mode: 'navigate' } });
    expect(await link?.text()).toBe('da rede');
  });

  it('fetch: a build whose worker keeps no index.html sends the app’s pages to the network, and offline to the offline page', async () => {
    const { disparar } = await carregarWorker([], [], ['/assets/index-abc.js', '/login.html', '/offline.html']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('da rede')),
    );
    const pagina = { method: 'GET', url: `${ORIGEM}/user/zonas`, mode: 'navigate' };
    expect(await (await disparar('fetch', { request: pagina }))?.text()).toBe('da rede');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await (await disparar('fetch', { request: pagina }))?.text()).toBe('sem conexão');
  });

  it('fetch: /auth/login comes from the cache (this build’s login.html), network or not', async () => {
    const { disparar } = await carregarWorker();
    const rede = vi.fn(async () => new Response('da rede'));
    vi.stubGlobal('fetch', rede);
    const login = await disparar('fetch', {
      request: { method: 'GET', url: `${ORIGEM}/auth/login?redirect=%2Fuser%2Fzonas`, mode: 'navigate' },
    });
    expect(await login?.text()).toBe('login do cache');
    expect(rede).not.toHaveBeenCalled();
  });

  it('activate: keeps the previous build’s cache (its open pages still load their chunks) and drops older ones', async () => {
    const { disparar, apagados } = await carregarWorker([], ['rastro-push', 'rastro-app-1', 'rastro-app-2', 'rastro-app-teste']);
    await disparar('activate');
    expect(apagados).toEqual(['rastro-app-1']);
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('não', { status: 404 })),
    );
    const chunk = await disparar('fetch', { request: new Request(`${ORIGEM}/assets/login-velho.js`) });
    expect(await chunk?.text()).toBe('// do build anterior');
  });
});
