import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { fakePush, INSCRICAO_JSON } from '@/testing/fake-push';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { TEXTOS_PUSH } from '../textos';
import { MENSAGEM_REINSCREVER } from '../worker-contrato';

const PAGINA_VAZIA = { content: [], number: 0, size: 10, totalElements: 0, totalPages: 1, first: true, last: true, numberOfElements: 0 };
/** A P-256 public key's 65 bytes, base64url (what GET /api/push/chave answers). */
const CHAVE = 'BA' + 'A'.repeat(85);
const INSCRICOES = 'POST /api/push/inscricoes';

const LENTO = { timeout: 5000 };

function servidor(inscricao: () => Response = () => json(201, { ok: true })) {
  return stubFetch({
    'GET /api/notificacoes': () => json(200, PAGINA_VAZIA),
    'GET /api/notificacoes/nao-lidas': () => json(200, { total: 0 }),
    'PUT /api/notificacoes/lidas': () => json(200, { total: 0 }),
    'GET /api/push/chave': () => json(200, { chavePublica: CHAVE }),
    [INSCRICOES]: inscricao,
    'DELETE /api/push/inscricoes': () => new Response(null, { status: 204 }),
  });
}

const ativar = () => screen.findByRole('button', { name: TEXTOS_PUSH.ativar }, LENTO);

describe('push alerts on this device (/user/notificacoes)', () => {
  it('asks permission, subscribes with the server key, posts the subscription and says the alerts are on', async () => {
    loginAs(clientToken);
    const push = fakePush();
    const net = servidor();
    const { user } = renderApp('/user/notificacoes');

    const botao = await ativar();
    expect(screen.getByRole('heading', { name: TEXTOS_PUSH.titulo })).toBeInTheDocument();
    await user.click(botao);

    expect(await screen.findByText(TEXTOS_PUSH.ativos)).toBeInTheDocument();
    expect(push.requestPermission).toHaveBeenCalledTimes(1);
    const opcoes = push.pushManager.subscribe.mock.calls[0]?.[0];
    expect(opcoes?.userVisibleOnly).toBe(true);
    expect(opcoes?.applicationServerKey).toEqual(Uint8Array.from([4, ...new Array<number>(64).fill(0)]));
    const [post] = net.calls(INSCRICOES);
    expect(JSON.parse(post?.body ?? 'null')).toEqual(INSCRICAO_JSON);
    expect(post?.headers.get('Authorization')).toBe('Bearer token-cliente');
    expect(screen.getByRole('button', { name: TEXTOS_PUSH.desativar })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTOS_PUSH.ativar })).not.toBeInTheDocument();
  });

  it('already subscribed: says so, tells the server again, and turns off (unsubscribe + DELETE)', async () => {
    loginAs(clientToken);
    const push = fakePush({ permissao: 'granted', inscrito: true });
    const net = servidor(() => json(200, { ok: true }));
    const { user } = renderApp('/user/notificacoes');

    expect(await screen.findByText(TEXTOS_PUSH.ativos, undefined, LENTO)).toBeInTheDocument();
    // The app's start posts the browser's subscription for whoever is logged in now.
    await waitFor(() => expect(net.calls(INSCRICOES)).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: TEXTOS_PUSH.desativar }));
    expect(await ativar()).toBeInTheDocument();
    expect(screen.queryByText(TEXTOS_PUSH.ativos)).not.toBeInTheDocument();
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    const [del] = net.calls('DELETE /api/push/inscricoes');
    expect(JSON.parse(del?.body ?? 'null')).toEqual({ endpoint: INSCRICAO_JSON.endpoint });
    expect(push.requestPermission).not.toHaveBeenCalled();
  });

  it('the worker renewed the subscription (pushsubscriptionchange): the open app posts the new one and drops the old', async () => {
    loginAs(clientToken);
    const push = fakePush({ permissao: 'granted', inscrito: true });
    const net = servidor(() => json(200, { ok: true }));
    renderApp('/user/meus-rastreadores');
    await waitFor(() => expect(net.calls(INSCRICOES)).toHaveLength(1), LENTO);

    const nova = { ...INSCRICAO_JSON, endpoint: 'https://push.exemplo.test/envio/aparelho-1-renovado' };
    act(() => push.mensagemDoWorker({ tipo: MENSAGEM_REINSCREVER, inscricao: nova, anterior: INSCRICAO_JSON.endpoint }));
    await waitFor(() => expect(net.calls(INSCRICOES)).toHaveLength(2));
    expect(JSON.parse(net.calls(INSCRICOES)[1]?.body ?? 'null')).toEqual(nova);
    await waitFor(() => expect(net.calls('DELETE /api/push/inscricoes')).toHaveLength(1));
    expect(JSON.parse(net.calls('DELETE /api/push/inscricoes')[0]?.body ?? 'null')).toEqual({ endpoint: INSCRICAO_JSON.endpoint });
  });

  it('refused at the prompt: says the notifications are blocked and posts nothing', async () => {
    loginAs(clientToken);
    const push = fakePush({ resposta: 'denied' });
    const net = servidor();
    const { user } = renderApp('/user/notificacoes');
    await user.click(await ativar());

    expect(await screen.findByText(TEXTOS_PUSH.bloqueado)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTOS_PUSH.ativar })).not.toBeInTheDocument();
    expect(push.pushManager.subscribe).not.toHaveBeenCalled();
    expect(net.calls(INSCRICOES)).toHaveLength(0);
  });

  it('prompt closed without an answer: asks to allow them, and the button stays', async () => {
    loginAs(clientToken);
    fakePush({ resposta: 'default' });
    servidor();
    const { user } = renderApp('/user/notificacoes');
    await user.click(await ativar());

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTOS_PUSH.semPermissao);
    expect(screen.getByRole('button', { name: TEXTOS_PUSH.ativar })).toBeEnabled();
  });

  it('blocked before: says so from the start', async () => {
    loginAs(clientToken);
    fakePush({ permissao: 'denied' });
    servidor();
    renderApp('/user/notificacoes');

    expect(await screen.findByText(TEXTOS_PUSH.bloqueado, undefined, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTOS_PUSH.ativar })).not.toBeInTheDocument();
  });

  it('at the limit of 10 devices (409): shows the server message and leaves this browser unsubscribed', async () => {
    loginAs(clientToken);
    const push = fakePush();
    servidor(() => json(409, { status: 409, message: MSG.limiteInscricoesPush }));
    const { user } = renderApp('/user/notificacoes');
    await user.click(await ativar());

    expect(await screen.findByRole('alert')).toHaveTextContent(MSG.limiteInscricoesPush);
    expect(push.unsubscribe).toHaveBeenCalledTimes(1);
    expect(push.inscrito()).toBe(false);
    expect(screen.getByRole('button', { name: TEXTOS_PUSH.ativar })).toBeEnabled();
    expect(screen.queryByText(TEXTOS_PUSH.ativos)).not.toBeInTheDocument();
  });

  it('no push service reachable: says the alerts could not be turned on', async () => {
    loginAs(clientToken);
    fakePush({ semServicoDePush: true });
    const net = servidor();
    const { user } = renderApp('/user/notificacoes');
    await user.click(await ativar());

    expect(await screen.findByRole('alert')).toHaveTextContent(TEXTOS_PUSH.falhaInscricao);
    expect(net.calls(INSCRICOES)).toHaveLength(0);
  });

  it('a browser without Web Push: says it cannot receive alerts, with no button', async () => {
    loginAs(clientToken);
    servidor();
    renderApp('/user/notificacoes');

    expect(await screen.findByText(TEXTOS_PUSH.indisponivel, undefined, LENTO)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: TEXTOS_PUSH.ativar })).not.toBeInTheDocument();
  });
});
