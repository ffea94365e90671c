import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import manifesto from '../../public/manifest.webmanifest?raw';
import offline from '../../public/offline.html?raw';

describe('installable app files', () => {
  it('the offline page the worker serves says, in Portuguese, that there is no connection', () => {
    const doc = new DOMParser().parseFromString(offline, 'text/html');
    expect(doc.documentElement.lang).toBe('pt-BR');
    expect(doc.getElementById('mensagem')?.textContent).toBe(MSG.offline);
  });

  it('the manifest opens the map standalone, in the theme colour, with 192 and 512 icons (also maskable)', () => {
    const m = JSON.parse(manifesto) as Record<string, unknown> & { icons: { sizes: string; purpose: string }[] };
    expect(m).toMatchObject({ name: 'Rastro', short_name: 'Rastro', lang: 'pt-BR', start_url: '/user/mapa', display: 'standalone' });
    expect(m.theme_color).toBe('#00695c');
    for (const sizes of ['192x192', '512x512'])
      for (const purpose of ['any', 'maskable']) expect(m.icons).toContainEqual(expect.objectContaining({ sizes, purpose }));
  });
});
