import { describe, expect, it } from 'vitest';
import { socketUrl } from './socket-url';

describe('socketUrl', () => {
  it('uses the page’s origin when the API is served with the app', () => {
    expect(socketUrl('', 'http://localhost:8080/user/mapa?x=1')).toBe('ws://localhost:8080/api/socket');
    expect(socketUrl('', 'https://rastro.example.com/user/mapa')).toBe('wss://rastro.example.com/api/socket');
  });

  it('follows VITE_API_URL, path prefix included', () => {
    expect(socketUrl('http://localhost:8080', 'http://localhost:5173/')).toBe('ws://localhost:8080/api/socket');
    expect(socketUrl('https://api.example.com/rastro', 'http://localhost:5173/')).toBe('wss://api.example.com/rastro/api/socket');
  });
});
