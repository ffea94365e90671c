import { useEffect } from 'react';
import { useMapa } from '@/components/map/map-context';
import { useAppConfig } from '@/lib/app-config';
import { lerSessao } from '@/lib/sessao';
import { encerrarPrevia, ROTA_DA_PREVIA } from '@/previa/eventos';
import { donoDaSessao } from '../../api/dono';
import { guardarVista } from '../../api/vista-guardada';

/**
 * The owner's map and its preview (docs/adr/0023-previa-do-mapa.md). Keeps the view this map fits
 * its markers to, where its box sits and which tiles it draws, for the next visit's preview to draw
 * the same map before the app's code runs; and once this map has its markers on screen, sends the
 * preview away. Renders nothing; it goes after the markers' layer, so its effects run after theirs.
 */
export function VistaGuardadaLayer({ pronto }: { pronto: boolean }) {
  const map = useMapa();
  const { data: config } = useAppConfig();
  const tileUrl = config?.mapa.tileUrl;
  const attribution = config?.mapa.attribution;

  useEffect(() => {
    if (!pronto) return;
    // One frame with this map's markers painted, then the preview over them goes.
    const id = requestAnimationFrame(() => encerrarPrevia());
    return () => cancelAnimationFrame(id);
  }, [pronto]);

  useEffect(() => {
    if (!pronto || window.location.pathname !== ROTA_DA_PREVIA) return;
    // The fit to the markers (once per visit: the markers' layer, whose effects ran just before, has
    // fitted them or will on its answer), not where the owner pans later: the next visit fits again.
    const guardar = () => {
      const dono = donoDaSessao(lerSessao());
      if (dono === null) return;
      const caixa = map.getContainer().getBoundingClientRect();
      const centro = map.getCenter();
      guardarVista({
        dono,
        centro: [centro.lat, centro.lng],
        zoom: map.getZoom(),
        caixa: { x: caixa.left, y: caixa.top, largura: caixa.width, altura: caixa.height },
        janela: { largura: window.innerWidth, altura: window.innerHeight },
        camada: tileUrl === undefined || attribution === undefined ? null : { tileUrl, attribution },
      });
    };
    guardar();
    map.once('moveend', guardar);
    return () => {
      map.off('moveend', guardar);
    };
  }, [map, pronto, tileUrl, attribution]);

  return null;
}
