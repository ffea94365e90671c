import L from 'leaflet';
import { describe, expect, it } from 'vitest';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { corDoPet } from '@/components/pet/cor';
import { marcador } from '../../mapa-fixtures';
import { iconeDoPet, pinoDoMarcador } from './icones';

/** A pet's marker on the map, as the browser gets it: the element Leaflet puts on the map. */
const desenhar = (m: Marcador) => {
  const icone = iconeDoPet(pinoDoMarcador(m));
  const el = icone.createIcon();
  return {
    el,
    largura: L.point(icone.options.iconSize ?? [0, 0]).x,
    rosto: el.querySelector<HTMLElement>('.rastro-pet__rosto'),
    nome: el.querySelector('.rastro-pet__nome'),
    alerta: el.querySelector('.rastro-pet__alerta'),
    foto: el.querySelector('img'),
  };
};

describe('a pet’s marker', () => {
  it('shows the pet’s initial on its colour, and its name below', () => {
    const { el, rosto, nome, alerta, foto } = desenhar(marcador({ name: 'toto', rastreadorId: 70 }));
    expect(rosto?.textContent).toBe('T');
    expect(rosto?.getAttribute('style')).toBe(`background:${corDoPet(70)}`);
    expect(nome?.textContent).toBe('toto');
    expect(foto).toBeNull();
    expect(alerta).toBeNull();
    expect(el).toHaveClass('rastro-pet');
    expect(el.className).not.toMatch(/rastro-pet--/);
    // The marker's title names the pet for assistive technology: the drawing is hidden from it.
    for (const parte of el.children) expect(parte).toHaveAttribute('aria-hidden', 'true');
  });

  it('two pets get each its own colour, as AvatarPet gives them everywhere', () => {
    const a = desenhar(marcador({ name: 'REX', rastreadorId: 80 }));
    const b = desenhar(marcador({ name: 'MEL', rastreadorId: 81 }));
    expect(a.rosto?.getAttribute('style')).toBe(`background:${corDoPet(80)}`);
    expect(b.rosto?.getAttribute('style')).toBe(`background:${corDoPet(81)}`);
    expect(corDoPet(80)).not.toBe(corDoPet(81));
  });

  it('shows the photo over the initial (left showing if the photo fails to load)', () => {
    const { rosto, foto } = desenhar(marcador({ foto: '/api/usuarios/rastreadores/7/foto?v=abc&x=1' }));
    expect(foto).toHaveAttribute('src', '/api/usuarios/rastreadores/7/foto?v=abc&x=1');
    expect(foto).toHaveAttribute('alt', '');
    expect(rosto?.textContent).toBe('T');
  });

  it('keeps a name with markup as text', () => {
    const { el, nome, rosto } = desenhar(marcador({ name: 'Thor & <Cia> "o" \'bom\'' }));
    expect(nome?.textContent).toBe('Thor & <Cia> "o" \'bom\'');
    expect(el.querySelector('cia')).toBeNull();
    expect(rosto?.textContent).toBe('T');
    const img = desenhar(marcador({ foto: '"><script>x</script>' }));
    expect(img.el.querySelector('script')).toBeNull();
    expect(img.foto).toHaveAttribute('src', '"><script>x</script>');
  });

  it('a lost pet: bigger, with the lost look and a red "!"; outside a zone: a red "!" and ring', () => {
    const perdido = desenhar(
      marcador({ modoPerdido: { ativo: true, desde: '2025-03-10T12:00:00.000Z', ate: '2025-03-10T18:00:00.000Z' } }),
    );
    expect(perdido.el).toHaveClass('rastro-pet--perdido');
    expect(perdido.alerta?.textContent).toBe('!');
    expect(perdido.nome?.textContent).toBe('TOTO');
    const normal = desenhar(marcador());
    expect(perdido.largura).toBeGreaterThan(normal.largura);

    const fora = desenhar(marcador({ foraDeZonas: ['CASA'] }));
    expect(fora.el).toHaveClass('rastro-pet--fora');
    expect(fora.alerta?.textContent).toBe('!');
    // Lost wins over outside a zone: one look, the most urgent.
    const ambos = desenhar(
      marcador({ foraDeZonas: ['CASA'], modoPerdido: { ativo: true, desde: '2025-03-10T12:00:00.000Z', ate: '2025-03-10T18:00:00.000Z' } }),
    );
    expect(ambos.el).toHaveClass('rastro-pet--perdido');
    expect(ambos.el).not.toHaveClass('rastro-pet--fora');
  });

  it('a tracker turning off, or off, shows on its ring', () => {
    expect(desenhar(marcador({ situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO' })).el).toHaveClass('rastro-pet--aguardando');
    const desligado = desenhar(marcador({ situacaoEnergia: 'DESLIGADO' }));
    expect(desligado.el).toHaveClass('rastro-pet--desligado');
    expect(desligado.alerta).toBeNull();
    expect(desligado.nome?.textContent).toBe('TOTO');
  });

  it('is built once per look: a pet that only moved gets the same icon; a new photo or state, a new one', () => {
    const icone = iconeDoPet(pinoDoMarcador(marcador()));
    expect(
      iconeDoPet(pinoDoMarcador(marcador({ position: { lat: -23.6, lng: -46.7 }, bateria: 10, dataHora: '2025-03-11T10:00:00.000Z' }))),
    ).toBe(icone);
    expect(iconeDoPet(pinoDoMarcador(marcador({ foto: '/foto?v=2' })))).not.toBe(icone);
    expect(iconeDoPet(pinoDoMarcador(marcador({ foraDeZonas: ['CASA'] })))).not.toBe(icone);
    expect(iconeDoPet(pinoDoMarcador(marcador({ name: 'TOTÓ' })))).not.toBe(icone);
  });
});
