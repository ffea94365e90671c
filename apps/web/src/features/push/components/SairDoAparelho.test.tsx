import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { fakePush, INSCRICAO_JSON } from '@/testing/fake-push';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';

/**
 * Logging out on a phone ends that account's alerts on it: the server forgets this browser's
 * subscription (asked while the token is still valid) and the browser drops it, so the next
 * person to log in is not subscribed without choosing to be.
 */
describe('logout and this device’s alerts', () => {
  it('removes the subscription on the server, then in the browser, then revokes the token', async () => {
    loginAs(clientToken);
    const push = fakePush({ permissao: 'granted', inscrito: true });
    const ordem: string[] = [];
    const net = stubFetch({
      'POST /api/push/inscricoes': () => json(200, { ok: true }),
      'DELETE /api/push/inscricoes': (req) => {
        ordem.push(`DELETE ${req.headers.get('Authorization') ?? ''}`);
        return new Response(null, { status: 204 });
      },
      'GET /api/logout': () => {
        ordem.push('logout');
        return json(200, { message: 'ok' });
      },
    });
    renderApp('/admin/logout');
    await waitFor(() => expect(ordem).toContain('logout'), { timeout: 5000 });
    expect(ordem).toEqual(['DELETE Bearer token-cliente', 'logout']);
    expect(JSON.parse(net.calls('DELETE /api/push/inscricoes')[0]?.body ?? 'null')).toEqual({ endpoint: INSCRICAO_JSON.endpoint });
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
  });

  it('without a subscription (or push), logs out as before', async () => {
    loginAs(clientToken);
    fakePush({ permissao: 'granted', inscrito: false });
    const net = stubFetch({ 'GET /api/logout': () => json(200, { message: 'ok' }) });
    renderApp('/admin/logout');
    await waitFor(() => expect(net.calls('GET /api/logout')).toHaveLength(1), { timeout: 5000 });
    expect(net.calls('DELETE /api/push/inscricoes')).toHaveLength(0);
  });
});
