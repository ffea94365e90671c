/**
 * Rastro's service worker (issue #18), built to /sw.js by vite.config.ts (servico-worker plugin):
 * that plugin strips the types and puts PRECACHE and VERSAO in front. It imports nothing: it runs
 * as one classic script, so the constants it shares with the page are repeated in features/push/worker-contrato.ts.
 *
 * - Caches the built app shell and assets at install; API answers are never cached.
 * - /auth/login is answered from the cache (login.html of this same build, a form that works from
 *   its first paint: docs/adr/0011-login-funcional-no-html.md); the app's other pages with this
 *   build's index.html (the app shell: a repeat visit waits for no round trip; docs/adr/0023);
 *   share links (/p/…) go to the network, and without one the offline page answers. A new build
 *   reaches an open page through this worker's update: the page reloads (main.tsx).
 * - The previous build's cache is kept until the next one: a page of that build, still open (or
 *   just served from it), loads its lazy chunks after this worker took over.
 * - `push` shows the system notification; tapping it opens the map centred on the pet.
 * - `pushsubscriptionchange` subscribes again with the same key and hands the new subscription to
 *   the page (which has the session) — see reinscrever() below.
 */

// The lib "WebWorker" types cannot sit beside "DOM" in one program: what the worker uses, declared here.
interface ExtendableEvent extends Event {
  waitUntil(promessa: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request;
  respondWith(resposta: Response | Promise<Response>): void;
}
interface PushMessageData {
  json(): unknown;
}
interface PushEvent extends ExtendableEvent {
  readonly data: PushMessageData | null;
}
interface NotificationEvent extends ExtendableEvent {
  readonly notification: Notification;
}
interface PushSubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription: PushSubscription | null;
  readonly newSubscription: PushSubscription | null;
}
interface WindowClient {
  readonly url: string;
  focus(): Promise<WindowClient>;
  navigate(url: string): Promise<WindowClient | null>;
  postMessage(mensagem: unknown): void;
}
interface Clients {
  matchAll(opcoes: { type: 'window'; includeUncontrolled?: boolean }): Promise<readonly WindowClient[]>;
  openWindow(url: string): Promise<WindowClient | null>;
  claim(): Promise<void>;
}
interface EventosDoWorker {
  install: ExtendableEvent;
  activate: ExtendableEvent;
  fetch: FetchEvent;
  push: PushEvent;
  notificationclick: NotificationEvent;
  pushsubscriptionchange: PushSubscriptionChangeEvent;
}
interface EscopoDoWorker {
  readonly location: Location;
  readonly registration: ServiceWorkerRegistration;
  readonly clients: Clients;
  skipWaiting(): Promise<void>;
  addEventListener<K extends keyof EventosDoWorker>(tipo: K, ouvinte: (evento: EventosDoWorker[K]) => void): void;
}

/** The build's files to keep (paths from the site's root), written in by the build. */
declare const PRECACHE: readonly string[];
/** Changes whenever a built file does: a new worker, a new cache. */
declare const VERSAO: string;

const sw = self as unknown as EscopoDoWorker;

// A module to the type checker, so its declarations stay out of the page's globals; the build drops this line.
export {};

const CACHE_APP = `rastro-app-${VERSAO}`;
/** Kept across versions: the VAPID key the page subscribed with (features/push/worker-contrato.ts). */
const CACHE_PUSH = 'rastro-push';
const CHAVE_VAPID = '/__rastro/push-chave';
const MENSAGEM_REINSCREVER = 'rastro:push-reinscrever';

const OFFLINE = '/offline.html';
/** The login page, served for /auth/login (as the server does: apps/server/src/app.ts). */
const ROTA_LOGIN = '/auth/login';
const LOGIN_HTML = '/login.html';
/** The app's page, for every route of the app (React's router draws the rest). */
const APP_HTML = '/index.html';
/** Pages the server draws, not the app: a share link's (publico.html). */
const DO_SERVIDOR_PAGINAS = /^\/p(\/|$)/;
const ICONE = '/icons/icone-192.png';
/** Where a notification without a valid address of ours opens. */
const PADRAO = '/user/notificacoes';
/** Answered by the server, never from the cache (same list as the dev proxy in vite.config.ts). */
const DO_SERVIDOR = /^\/(api|oauth|users|health|docs)(\/|$)/;

const precache = new Set(PRECACHE);

sw.addEventListener('install', (e) => {
  e.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE_APP);
      // 'reload': never an older build's copy from the HTTP cache (or a proxy's) for an unhashed file.
      await cache.addAll(PRECACHE.map((url) => new Request(url, { cache: 'reload' })));
      await sw.skipWaiting();
    })(),
  );
});

sw.addEventListener('activate', (e) => {
  e.waitUntil(
    (async () => {
      // keys() lists caches in the order they were made: the last other one is the previous build's.
      const antigos = (await caches.keys()).filter((n) => n.startsWith('rastro-app-') && n !== CACHE_APP);
      await Promise.all(antigos.slice(0, -1).map((n) => caches.delete(n)));
      await sw.clients.claim();
    })(),
  );
});

sw.addEventListener('fetch', (e) => {
  const { request } = e;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== sw.location.origin || DO_SERVIDOR.test(url.pathname)) return;
  if (request.mode === 'navigate') {
    const daRede = () => fetch(request).catch(async () => (await caches.match(OFFLINE)) ?? Response.error());
    // The browser still checks /sw.js on this navigation: a new build's worker brings its own pages.
    const pagina = url.pathname === ROTA_LOGIN ? LOGIN_HTML : DO_SERVIDOR_PAGINAS.test(url.pathname) ? null : APP_HTML;
    if (pagina && precache.has(pagina))
      e.respondWith(
        caches
          .open(CACHE_APP)
          .then((c) => c.match(pagina))
          .then((r) => r ?? daRede()),
      );
    else e.respondWith(daRede());
    return;
  }
  // Built files carry their hash in the name: the cached copy is the right one — this build's, or the
  // previous one's for a page of that build.
  if (precache.has(url.pathname) || url.pathname.startsWith('/assets/'))
    e.respondWith(caches.match(request).then((r) => r ?? fetch(request)));
});

interface Mensagem {
  titulo: string;
  corpo: string;
  url: string;
  id: string;
}

/** mensagemPushSchema (packages/shared/src/schemas/push.ts), checked by hand: the worker bundles no zod. */
function lerMensagem(dados: PushMessageData | null): Mensagem | null {
  let m: unknown;
  try {
    m = dados?.json();
  } catch {
    return null;
  }
  if (typeof m !== 'object' || m === null) return null;
  const { titulo, corpo, url, id } = m as Record<string, unknown>;
  if (typeof titulo !== 'string' || typeof corpo !== 'string' || typeof url !== 'string' || typeof id !== 'string') return null;
  return { titulo, corpo, url, id };
}

/** Only an address of this site opens (the payload comes from our server, but a window is not opened on its word alone). */
function enderecoSeguro(url: unknown): string {
  try {
    const alvo = new URL(typeof url === 'string' ? url : PADRAO, sw.location.origin);
    if (alvo.origin === sw.location.origin) return alvo.href;
  } catch {
    // falls through
  }
  return new URL(PADRAO, sw.location.origin).href;
}

sw.addEventListener('push', (e) => {
  const m = lerMensagem(e.data);
  // Chrome revokes a userVisibleOnly subscription whose push shows nothing: an unreadable one still shows.
  const titulo = m?.titulo || 'Rastro';
  const opcoes: NotificationOptions = {
    body: m?.corpo ?? 'Você tem um novo alerta.',
    icon: ICONE,
    lang: 'pt-BR',
    data: { url: enderecoSeguro(m?.url) },
    ...(m ? { tag: m.id } : {}),
  };
  e.waitUntil(sw.registration.showNotification(titulo, opcoes));
});

sw.addEventListener('notificationclick', (e) => {
  e.notification.close();
  const dados: unknown = e.notification.data;
  const alvo = enderecoSeguro(typeof dados === 'object' && dados !== null ? (dados as { url?: unknown }).url : undefined);
  e.waitUntil(
    (async () => {
      const janelas = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
      for (const janela of janelas) {
        // Focus is allowed only right after a real tap; without it the page still goes to the pet.
        const focada = await janela.focus().catch(() => janela);
        try {
          // navigate() only works on a page this worker controls; otherwise the next one, or a new window.
          if (await focada.navigate(alvo)) return;
        } catch {
          // try the next one
        }
      }
      await sw.clients.openWindow(alvo);
    })(),
  );
});

/**
 * The push service replaced or dropped the subscription. The worker subscribes again with the key it
 * had, but holds no session token to tell the server (a token kept where the worker can read it would
 * outlive logout): it tells the open pages, which post it; with none open, the next logged-in page
 * posts the browser's current subscription when it starts (features/push/hooks/use-sincronizar-push.ts).
 */
async function reinscrever(e: PushSubscriptionChangeEvent) {
  let nova = e.newSubscription;
  if (!nova) {
    const guardada = await (await caches.open(CACHE_PUSH)).match(CHAVE_VAPID);
    const chave = e.oldSubscription?.options.applicationServerKey ?? (guardada ? await guardada.arrayBuffer() : null);
    if (!chave) return;
    nova = await sw.registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: chave });
  }
  const aviso = { tipo: MENSAGEM_REINSCREVER, inscricao: nova.toJSON(), anterior: e.oldSubscription?.endpoint ?? null };
  for (const janela of await sw.clients.matchAll({ type: 'window' })) janela.postMessage(aviso);
}

sw.addEventListener('pushsubscriptionchange', (e) => e.waitUntil(reinscrever(e)));
