import { describe, expect, it } from 'vitest';
import { securityHeaders } from './security-headers';

const imgSrc = (tileUrl?: string) =>
  /img-src ([^;]*)/.exec(securityHeaders([], [], tileUrl)['content-security-policy'] ?? '')?.[1]?.split(' ') ?? [];

describe('the CSP and the map tiles (MAP_TILE_URL)', () => {
  it('an http: tile server is named in img-src, its origin only; https: ones are already allowed', () => {
    expect(imgSrc('http://127.0.0.1:9000/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:', 'https:', 'http://127.0.0.1:9000']);
    expect(imgSrc('https://tile.openstreetmap.org/{z}/{x}/{y}.png')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(imgSrc('não é url')).toEqual(["'self'", 'data:', 'blob:', 'https:']);
    expect(imgSrc()).toEqual(["'self'", 'data:', 'blob:', 'https:']);
  });
});
