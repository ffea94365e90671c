import 'leaflet/dist/leaflet.css';
import './estilo.css';
import L from 'leaflet';
import { MSG } from '@rastro/shared/messages';
import { appConfigSchema } from '@rastro/shared/schemas/config';
import { linkPublicoSchema, posicaoPublicaSchema, type LinkPublico, type PosicaoPublica } from '@rastro/shared/schemas/links';
import { LINK_COMPARTILHADO } from '@rastro/shared/constants';
import { formatarDataHora, haQuanto, linkDeLigacao, precisao as textoDaPrecisao, telefone } from './formato';

/**
 * /p/<token>: what a share link shows, to anyone, without logging in (issue #19): the pet's photo,
 * where it is and how precisely, and for whoever found it the owner's message and, if they chose,
 * a phone to call (issue #32). A page of its own, not the app: plain DOM and Leaflet. It reads the
 * link once, then follows the pet live (SSE) until the link expires or the owner revokes it.
 */

const raiz = document.getElementById('publico') as HTMLElement;
const token = decodeURIComponent(location.pathname.replace(/^\/p\//, '').replace(/\/+$/, ''));
const RASTRO_MS = LINK_COMPARTILHADO.rastroHoras * 3_600_000;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Record<string, string> = {}, texto?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
  if (texto !== undefined) e.textContent = texto;
  return e;
}

/** The page says one thing only: the link expired, was not found, or failed. */
function estado(texto: string) {
  raiz.replaceChildren(el('p', { class: 'estado', role: 'status' }, texto));
  raiz.setAttribute('aria-busy', 'false');
}

async function ler(): Promise<LinkPublico | null> {
  let r: Response;
  try {
    r = await fetch(`/api/publico/links/${encodeURIComponent(token)}`, { headers: { accept: 'application/json' } });
  } catch {
    estado(MSG.servicoIndisponivel);
    return null;
  }
  if (r.status === 410) estado(MSG.linkExpirado);
  else if (r.status === 404) estado(MSG.linkNaoEncontrado);
  else if (r.status === 429) estado(MSG.muitasTentativas);
  else if (!r.ok) estado(MSG.servicoIndisponivel);
  else return linkPublicoSchema.parse(await r.json());
  return null;
}

async function camadaBase(mapa: L.Map) {
  try {
    const c = appConfigSchema.parse(await (await fetch('/api/config')).json());
    L.tileLayer(c.mapa.tileUrl, { attribution: c.mapa.attribution, maxZoom: 19 }).addTo(mapa);
  } catch {
    // Without tiles the pet's position and trail still show.
  }
}

/** The pet's photo, or its initial in a circle when the owner has not added one. */
function rosto(link: LinkPublico): HTMLElement {
  if (link.foto) return el('img', { class: 'foto', src: link.foto, alt: `Foto de ${link.descricao}`, width: '72', height: '72' });
  return el('span', { class: 'foto sem-foto', 'aria-hidden': 'true' }, link.descricao.trim().charAt(0).toUpperCase() || '?');
}

/**
 * For the person who found the pet: the owner's message and, when the link's creator chose to show
 * it, their phone as a button that calls it.
 */
function encontrou(link: LinkPublico): HTMLElement {
  const secao = el('section', { class: 'encontrou', 'aria-labelledby': 'encontrou-titulo' });
  secao.append(el('h2', { id: 'encontrou-titulo' }, 'Encontrou este pet?'));
  if (link.mensagem) secao.append(el('p', { class: 'mensagem' }, link.mensagem));
  if (link.telefone) {
    const ligar = el('a', { class: 'ligar', href: linkDeLigacao(link.telefone) });
    ligar.append('Ligar para ', el('span', { class: 'numero' }, telefone(link.telefone)));
    secao.append(ligar);
  }
  if (!link.mensagem && !link.telefone)
    secao.append(el('p', {}, 'Se puder, fique com ele onde está: quem compartilhou este link acompanha a posição do pet por aqui.'));
  return secao;
}

function mostrar(link: LinkPublico) {
  document.title = `${link.descricao} | Rastro`;
  const cabecalho = el('header', { class: 'cabecalho' });
  const textosDoCabecalho = el('div', { class: 'textos' });
  textosDoCabecalho.append(el('h1', {}, link.descricao));
  const visto = el('p', { 'aria-live': 'polite' });
  const exatidao = el('p');
  const bateria = el('p');
  textosDoCabecalho.append(visto, exatidao, bateria);
  cabecalho.append(rosto(link), textosDoCabecalho);
  const partes: HTMLElement[] = [cabecalho, encontrou(link)];
  const caixaMapa = el('div', { class: 'mapa', role: 'region', 'aria-label': 'Mapa' });
  const rodape = el('footer', { class: 'rodape' });
  rodape.append(`Link válido até ${formatarDataHora(link.expiraEm)}. Compartilhado pelo `, el('a', { href: '/' }, 'Rastro'), '.');
  partes.push(caixaMapa, rodape);
  raiz.replaceChildren(...partes);
  raiz.setAttribute('aria-busy', 'false');

  const mapa = L.map(caixaMapa, { zoomControl: false, center: [-23.5505, -46.6333], zoom: 15 });
  L.control.zoom({ zoomInTitle: 'Aproximar', zoomOutTitle: 'Afastar' }).addTo(mapa);
  void camadaBase(mapa);
  const trilha: { p: L.LatLngTuple; t: number }[] = link.rastro.map((p) => ({ p: [p.latitude, p.longitude], t: Date.parse(p.dataHora) }));
  const linha = L.polyline(
    trilha.map((x) => x.p),
    { color: '#b71c1c', weight: 4, opacity: 0.7 },
  ).addTo(mapa);
  let marcador: L.CircleMarker | undefined;
  let precisao: L.Circle | undefined;
  let atual: PosicaoPublica | null =
    link.latitude !== null && link.longitude !== null && link.dataHora !== null
      ? {
          latitude: link.latitude,
          longitude: link.longitude,
          precisaoMetros: link.precisaoMetros,
          dataHora: link.dataHora,
          bateria: link.bateria,
        }
      : null;

  const textos = () => {
    visto.textContent = atual ? `Visto ${haQuanto(atual.dataHora)} (${formatarDataHora(atual.dataHora)})` : 'Ainda sem posição.';
    const raio = atual?.precisaoMetros ?? null;
    exatidao.textContent = raio !== null && raio > 0 ? textoDaPrecisao(raio) : '';
    exatidao.hidden = exatidao.textContent === '';
    bateria.textContent = `Bateria: ${atual?.bateria ?? link.bateria ?? '-'}${(atual?.bateria ?? link.bateria) === null ? '' : '%'}`;
  };
  const desenhar = (centralizar: boolean) => {
    textos();
    if (!atual) return;
    const p: L.LatLngTuple = [atual.latitude, atual.longitude];
    const titulo = `${link.descricao}, ${formatarDataHora(atual.dataHora)}`;
    if (!marcador) {
      marcador = L.circleMarker(p, { radius: 9, color: '#fff', weight: 3, fillColor: '#b71c1c', fillOpacity: 1 }).addTo(mapa);
      marcador.bindTooltip(titulo);
    } else {
      marcador.setLatLng(p).setTooltipContent(titulo);
    }
    const raio = atual.precisaoMetros;
    if (raio !== null && raio > 0) {
      if (precisao) precisao.setLatLng(p).setRadius(raio);
      else precisao = L.circle(p, { radius: raio, color: '#b71c1c', weight: 1, fillOpacity: 0.12, interactive: false }).addTo(mapa);
    }
    if (centralizar) mapa.setView(p, Math.max(mapa.getZoom(), 16));
    else if (!mapa.getBounds().contains(p)) mapa.panTo(p);
  };
  desenhar(true);
  if (!atual && trilha.length > 0) mapa.fitBounds(linha.getBounds(), { padding: [24, 24] });
  // 'Visto há 3 min' keeps time.
  const relogio = setInterval(textos, 30_000);

  const eventos = new EventSource(`/api/publico/links/${encodeURIComponent(token)}/eventos`);
  eventos.addEventListener('posicao', (e) => {
    const nova = posicaoPublicaSchema.safeParse(JSON.parse((e as MessageEvent<string>).data));
    if (!nova.success) return;
    atual = nova.data;
    const agora = Date.now();
    trilha.push({ p: [atual.latitude, atual.longitude], t: Date.parse(atual.dataHora) });
    while (trilha.length > 0 && (trilha[0]?.t ?? agora) < agora - RASTRO_MS) trilha.shift();
    linha.setLatLngs(trilha.map((x) => x.p));
    desenhar(false);
  });
  const encerrar = () => {
    eventos.close();
    clearInterval(relogio);
    estado(MSG.linkExpirado);
  };
  eventos.addEventListener('expirado', encerrar);
  // A stream that cannot reopen (410 once the link is gone, or no network): the link says which.
  eventos.addEventListener('error', () => {
    if (eventos.readyState !== EventSource.CLOSED) return;
    void fetch(`/api/publico/links/${encodeURIComponent(token)}`).then((r) => {
      if (r.status === 410 || r.status === 404) encerrar();
    });
  });
}

void ler().then((link) => link && mostrar(link));
