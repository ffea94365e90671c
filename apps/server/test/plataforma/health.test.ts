import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { criarApp, type TestApp } from '../apoio/helpers';

let app: TestApp;
beforeAll(async () => {
  app = await criarApp();
});
afterAll(async () => {
  await app.fechar();
});

describe('operação', () => {
  it('GET /health answers 200 while the database answers', async () => {
    const res = await app.inject('/health');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'ok', database: true });
  });

  it('GET /metrics exposes Prometheus text with the database gauge and request histogram', async () => {
    await app.inject('/api/config');
    const res = await app.inject('/metrics');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    expect(res.body).toContain('rastro_database_up 1');
    expect(res.body).toMatch(/rastro_http_request_duration_seconds_count\{method="GET",route="\/api\/config",status="200"\} 1/);
  });

  it('/metrics with METRICS_TOKEN: only its bearer reads them; in production without one, not served', async () => {
    const token = 'token-de-metricas-1234';
    const protegido = await criarApp({ METRICS_TOKEN: token });
    const producao = await criarApp({ NODE_ENV: 'production' });
    try {
      for (const headers of [{}, { authorization: 'Bearer outro-token-qualquer-123' }, { authorization: token }]) {
        const res = await protegido.inject({ method: 'GET', url: '/metrics', headers });
        expect(res.statusCode).toBe(401);
        expect(res.json()).toEqual({ status: 401, message: MSG.metricasNaoAutorizado });
        expect(res.body).not.toContain('rastro_');
      }
      const ok = await protegido.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(ok.statusCode).toBe(200);
      expect(ok.body).toContain('rastro_database_up 1');
      const semToken = await producao.inject('/metrics');
      expect(semToken.statusCode).toBe(404);
      expect(semToken.body).not.toContain('rastro_');
    } finally {
      await protegido.fechar();
      await producao.fechar();
    }
  });

  it('GET /api/config gives the captcha, map and version without secrets', async () => {
    const res = await app.inject('/api/config');
    expect(res.json()).toEqual({
      captcha: { provider: 'altcha', challengeUrl: '/api/captcha/desafio' },
      mapa: { tileUrl: expect.stringContaining('{z}/{x}/{y}') as string, attribution: expect.stringContaining('OpenStreetMap') as string },
      versao: '0.1.0',
      pagamentos: { ativo: false, automatico: false },
    });
    expect(res.body).not.toContain('segredo');
  });

  it('serves the OpenAPI document generated from the shared schemas at /docs', async () => {
    const res = await app.inject('/docs/json');
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ paths: Record<string, unknown> }>();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/oauth/token',
        '/oauth/check_token',
        '/api/logout',
        '/users/pass/send-link',
        '/users/pass/valida-token',
        '/users/pass/reseta-senha',
        '/users/sign-up',
        '/api/usuarios/alterar-senha',
      ]),
    );
    expect((await app.inject('/docs/')).statusCode).toBe(200);
  });

  it('sends security headers', async () => {
    const res = await app.inject('/api/config');
    expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answers unknown API paths with the pt-BR error shape', async () => {
    const res = await app.inject('/api/nao-existe');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Registro não encontrado.' });
  });

  it('GET /health answers 503 once the database is gone', async () => {
    const outro = await criarApp();
    await outro.database.close();
    const res = await outro.inject('/health');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ status: 'indisponivel', database: false });
    await outro.close();
  });
});
