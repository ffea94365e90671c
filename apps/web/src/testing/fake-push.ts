import { onTestFinished, vi } from 'vitest';

/** What the fake browser's push subscription gives as `toJSON()` (lengths as a real one). */
export const INSCRICAO_JSON = {
  endpoint: 'https://push.exemplo.test/envio/aparelho-1',
  expirationTime: null,
  keys: { p256dh: `B${'a'.repeat(86)}`, auth: 'c'.repeat(22) },
};

export interface OpcoesFakePush {
  /** Notification.permission at the start. */
  permissao?: NotificationPermission;
  /** What the permission prompt answers. */
  resposta?: NotificationPermission;
  /** The browser already has a subscription. */
  inscrito?: boolean;
  /** pushManager.subscribe() fails, as in a browser with no push service reachable. */
  semServicoDePush?: boolean;
}

/**
 * The browser's push side in the test DOM (which has none): a service worker registration whose
 * pushManager keeps one subscription, and Notification's permission and prompt. Undone after the test.
 */
export function fakePush(opcoes: OpcoesFakePush = {}) {
  let permissao: NotificationPermission = opcoes.permissao ?? 'default';
  const unsubscribe = vi.fn(async () => {
    inscricao = null;
    return true;
  });
  const nova = () => ({ endpoint: INSCRICAO_JSON.endpoint, toJSON: () => structuredClone(INSCRICAO_JSON), unsubscribe });
  let inscricao: ReturnType<typeof nova> | null = opcoes.inscrito ? nova() : null;
  const pushManager = {
    getSubscription: vi.fn(async () => inscricao),
    subscribe: vi.fn(async (_: PushSubscriptionOptionsInit) => {
      if (opcoes.semServicoDePush) throw new DOMException('Registration failed - push service error', 'AbortError');
      inscricao = nova();
      return inscricao;
    }),
  };
  const requestPermission = vi.fn(async () => {
    permissao = opcoes.resposta ?? 'granted';
    return permissao;
  });
  // Only looked for ('PushManager' in window).
  vi.stubGlobal('PushManager', vi.fn());
  vi.stubGlobal('Notification', {
    get permission() {
      return permissao;
    },
    requestPermission,
  });
  const ouvintes = new Set<(e: MessageEvent) => void>();
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      ready: Promise.resolve({ pushManager }),
      addEventListener: (tipo: string, f: (e: MessageEvent) => void) => tipo === 'message' && ouvintes.add(f),
      removeEventListener: (_tipo: string, f: (e: MessageEvent) => void) => ouvintes.delete(f),
    },
  });
  onTestFinished(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker');
  });
  /** A message from the service worker to the page. */
  const mensagemDoWorker = (data: unknown) => {
    for (const f of ouvintes) f(new MessageEvent('message', { data }));
  };
  return { pushManager, requestPermission, unsubscribe, inscrito: () => inscricao !== null, mensagemDoWorker };
}
