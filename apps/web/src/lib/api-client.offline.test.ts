import { afterEach, describe, expect, it, vi } from 'vitest';
import * as z from 'zod/mini';
import { MSG } from '@rastro/shared/messages';
import { apiDownload, apiRequest } from './api-client';

describe('a request that gets no answer', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('says the phone is offline when it is, and that the service is down otherwise', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    const online = vi.spyOn(navigator, 'onLine', 'get');
    online.mockReturnValue(false);
    await expect(apiRequest('/api/zonas', z.unknown())).rejects.toMatchObject({ message: MSG.offline, status: 0 });
    await expect(apiDownload('/api/arquivo')).rejects.toMatchObject({ message: MSG.offline, status: 0 });
    online.mockReturnValue(true);
    await expect(apiRequest('/api/zonas', z.unknown())).rejects.toMatchObject({ message: MSG.servicoIndisponivel, status: 0 });
  });
});
