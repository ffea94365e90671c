import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { esquecerAppConfig } from '@/lib/app-config';
import { recarregarSessao } from '@/lib/sessao';
import { FakeWebSocket } from '@/testing/fake-websocket';

// The test DOM (happy-dom) has no layout: answer width queries from window.innerWidth (1024 by default).
window.matchMedia = (query: string): MediaQueryList => {
  const min = /min-width:\s*(\d+)px/.exec(query);
  const max = /max-width:\s*(\d+)px/.exec(query);
  const w = window.innerWidth;
  const matches = (!min || w >= Number(min[1])) && (!max || w <= Number(max[1]));
  return {
    matches,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  };
};

// The live channel is the network boundary: no test opens a real socket (those that test it
// drive this fake).
beforeEach(() => {
  FakeWebSocket.reiniciar();
  vi.stubGlobal('WebSocket', FakeWebSocket);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  window.localStorage.clear();
  for (const c of document.cookie.split(';')) {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  recarregarSessao();
  esquecerAppConfig();
});
