import { describe, expect, it, onTestFinished } from 'vitest';
import { adminToken, clientToken } from '@/testing/fixtures';
import { createQueryClient, esquecerAoTrocarDeUsuario } from './query-client';
import { encerrarSessao, iniciarSessao } from './sessao';

/** The cache every screen but the login reads from: one user's answers never reach the next. */
function cacheQueOuve() {
  const qc = createQueryClient({ retry: false });
  onTestFinished(esquecerAoTrocarDeUsuario(qc));
  return qc;
}

describe('the query cache across users', () => {
  it('keeps the answers of the first login (nothing was cached before it)', () => {
    const qc = cacheQueOuve();
    qc.setQueryData(['antes'], 1);
    iniciarSessao(adminToken);
    expect(qc.getQueryData(['antes'])).toBe(1);
  });

  it('drops them at logout', () => {
    iniciarSessao(adminToken);
    const qc = cacheQueOuve();
    qc.setQueryData(['rastreadores'], ['do admin']);
    encerrarSessao();
    expect(qc.getQueryData(['rastreadores'])).toBeUndefined();
  });

  it('drops them when another user logs in (another tab, say)', () => {
    iniciarSessao(adminToken);
    const qc = cacheQueOuve();
    qc.setQueryData(['rastreadores'], ['do admin']);
    iniciarSessao(clientToken);
    expect(qc.getQueryData(['rastreadores'])).toBeUndefined();
  });
});
