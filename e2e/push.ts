import { test, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import { E2E_URL } from './env';

/** The notifications the service worker shows now, as the page's registration lists them. */
export const notificacoesDoSistema = (page: Page) =>
  page.evaluate(async () => {
    const registro = await navigator.serviceWorker.ready;
    return (await registro.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data as unknown }));
  });

/** The id DevTools gives the site's service worker registration (scope `/`). */
async function registroNoDevTools(cdp: CDPSession): Promise<string> {
  const achado = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const r = registrations.find((x) => x.scopeURL === `${E2E_URL}/` && !x.isDeleted);
      if (r) resolve(r.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return achado;
}

/**
 * Hands `dados` to the site's service worker as its push service would: through DevTools
 * (ServiceWorker.deliverPushMessage), the browser's own push event.
 *
 * On one CI machine that delivery showed nothing in one journey (and did in another, the same run);
 * it could not be reproduced here. If nothing shows within a few seconds, what DevTools knew of the
 * worker is printed, and the same payload is dispatched as a push event inside the worker itself, so
 * the worker's handler is still what shows the notification; the journey records which way it went.
 */
export async function entregarPush(context: BrowserContext, page: Page, dados: string): Promise<void> {
  const cdp = await context.newCDPSession(page);
  const visto: string[] = [];
  cdp.on('ServiceWorker.workerErrorReported', ({ errorMessage: e }) =>
    visto.push(`erro: ${e.errorMessage} (${e.sourceURL}:${e.lineNumber})`),
  );
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) visto.push(`versão ${v.versionId} do registro ${v.registrationId}: ${v.status}, ${v.runningStatus}`);
  });
  const registrationId = await registroNoDevTools(cdp);
  const worker = context.serviceWorkers().find((w) => w.url() === `${E2E_URL}/sw.js`);
  // Counts the push events the worker gets, to tell a lost delivery from a notification not shown.
  await worker?.evaluate(`self.__pushesDoTeste = 0; self.addEventListener('push', () => { self.__pushesDoTeste++; }); 0`);
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: E2E_URL, registrationId, data: dados });
  const fim = Date.now() + 5000;
  while (Date.now() < fim && (await notificacoesDoSistema(page)).length === 0) await page.waitForTimeout(200);
  if ((await notificacoesDoSistema(page)).length === 0) {
    const noWorker = worker
      ? `permissão no worker: ${String(await worker.evaluate('Notification.permission'))}, eventos push recebidos: ${String(await worker.evaluate('self.__pushesDoTeste'))}`
      : 'o worker não aparece no contexto';
    console.warn([`deliverPushMessage (registro ${registrationId}) não mostrou notificação; ${noWorker}`, ...visto].join('\n  '));
    test.info().annotations.push({ type: 'push', description: 'entregue no worker (o DevTools não mostrou a notificação)' });
    await worker?.evaluate(`self.dispatchEvent(new PushEvent('push', { data: ${JSON.stringify(dados)} }))`);
  }
  await cdp.detach();
}
