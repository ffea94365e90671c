import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { E2E_URL } from './env';

/**
 * Set-up through the real HTTP API, for data a journey needs but does not test (the admin's
 * chip and tracker, a client account). The captcha is solved for real, as the widget does.
 * `apiDe(url)` talks to another server than the journeys' own (a journey that starts its own).
 */
export function apiDe(base: string) {
  async function resolverCaptcha(): Promise<string> {
    const challenge = (await (await fetch(`${base}/api/captcha/desafio`)).json()) as Parameters<typeof solveChallenge>[0]['challenge'];
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('captcha não resolvido');
    return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  }

  async function tokenDe(email: string, senha: string): Promise<string> {
    const form = new URLSearchParams({
      grant_type: 'password',
      username: email,
      password: senha,
      'g-recaptcha-response': await resolverCaptcha(),
    });
    const res = await fetch(`${base}/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('rastro-web:rastro-web-secret').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: form,
    });
    if (!res.ok) throw new Error(`login falhou: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async function api<T>(token: string | null, method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A tracker registered by the administrator (with its own chip), awaiting its owner. */
  async function registrarRastreador(adminToken: string, imei: string) {
    const numero = `11${imei.slice(-9)}`;
    const chip = await api<{ id: number }>(adminToken, 'POST', '/api/chips', { descricao: `CHIP ${imei.slice(-4)}`, numero });
    return api<{ id: number }>(adminToken, 'POST', '/api/rastreadores', { imei, protocolo: 'TOPIN', chipId: chip.id });
  }

  /** A client who signed up (the sign-up form's call). */
  async function cadastrarCliente(nome: string, email: string, senha: string) {
    return api<{ id: number }>(null, 'POST', '/users/sign-up', { nome, email, telefoneCelular: '(11) 9 8888-7777', senha });
  }

  return { tokenDe, api, registrarRastreador, cadastrarCliente };
}

export const { tokenDe, api, registrarRastreador, cadastrarCliente } = apiDe(E2E_URL);

/** A 15-digit IMEI no other run used (TOPIN needs 15 digits). */
export const imeiUnico = () => `35933908${String(Date.now()).slice(-7)}`;
