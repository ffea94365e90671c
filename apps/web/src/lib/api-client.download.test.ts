import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import { json, stubFetch } from '@/testing/fetch-stub';
import { adminToken } from '@/testing/fixtures';
import { apiDownload, nomeDoArquivo } from './api-client';
import { ApiError } from './api-error';
import { iniciarEmulacao, iniciarSessao } from './sessao';

describe('apiDownload', () => {
  it('downloads with the session’s headers and the server’s file name', async () => {
    iniciarSessao(adminToken);
    iniciarEmulacao({ usuarioId: 42, nome: 'MARIA', authorities: [], isClient: true });
    const net = stubFetch({
      'GET /api/arquivo': () => new Response('a;b\n', { status: 200, headers: { 'Content-Disposition': 'attachment; filename="x.csv"' } }),
    });
    const { blob, nomeArquivo } = await apiDownload('/api/arquivo', { query: { formato: 'csv', vazio: null } });
    expect(await blob.text()).toBe('a;b\n');
    expect(nomeArquivo).toBe('x.csv');
    const [req] = net.calls('GET /api/arquivo');
    expect(req?.url.search).toBe('?formato=csv');
    expect(req?.headers.get('Authorization')).toBe('Bearer token-admin');
    expect(req?.headers.get('X-Usuario-Emulado')).toBe('42');
  });

  it('fails with the server’s message', async () => {
    iniciarSessao(adminToken);
    stubFetch({ 'GET /api/arquivo': () => json(404, { status: 404, message: MSG.naoEncontrado }) });
    await expect(apiDownload('/api/arquivo')).rejects.toMatchObject({ message: MSG.naoEncontrado, status: 404 });
    await expect(apiDownload('/api/arquivo')).rejects.toBeInstanceOf(ApiError);
  });

  it('reads plain and RFC 5987 file names', () => {
    expect(nomeDoArquivo(null)).toBeNull();
    expect(nomeDoArquivo('attachment')).toBeNull();
    expect(nomeDoArquivo('attachment; filename=rota.gpx')).toBe('rota.gpx');
    expect(nomeDoArquivo('attachment; filename="rota 1.kml"')).toBe('rota 1.kml');
    expect(nomeDoArquivo(`attachment; filename="localizacoes.csv"; filename*=UTF-8''localiza%C3%A7%C3%B5es.csv`)).toBe('localizações.csv');
  });
});
