import './estilo.css';
import { MSG } from '@rastro/shared/messages';
import type { LinkPublico, LocalizacaoPublica } from '@rastro/shared/schemas/links';
import { LINK_COMPARTILHADO } from '@rastro/shared/constants';
import { formatarDataHora, haQuanto, linkDeLigacao, precisao as textoDaPrecisao, telefone } from './formato';
import { lerLink, lerPosicao } from './ler';
import { afinar } from './rota';
import type { MapaPublico } from './mapa';

/**
 * /p/<token>: what a share link shows, to anyone, without logging in (issue #19): the pet's photo,
 * where it is and how precisely, and for whoever found it the owner's message and, if they chose,
 * a phone to call (issue #32). A page of its own, not the app: plain DOM and Leaflet. It reads the
 * link once, then follows the pet live (SSE) until the link expires or the owner revokes it. The text
 * is drawn first; the map (./mapa.ts, Leaflet) is loaded and drawn after that paint, in short tasks
 * (docs/adr/0020-o-que-roda-antes-da-primeira-pintura.md).
 */

const raiz = document.getElementById('publico') as HTMLElement;
const token = decodeURIComponent(location.pathname.replace(/^\/p\//, '').replace(/\/+$/, ''));
const ROTA_MS = LINK_COMPARTILHADO.rastroHoras * 3_600_000;

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
  else if (r.ok) {
    const link = lerLink(await r.json().catch(() => null));
    if (link) return link;
    estado(MSG.servicoIndisponivel);
  } else estado(MSG.servicoIndisponivel);
  return null;
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

  const rota: { p: [number, number]; t: number }[] = link.rastro.map((p) => ({
    p: [p.latitude, p.longitude],
    t: Date.parse(p.dataHora),
  }));
  let atual: LocalizacaoPublica | null =
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
  textos();
  // 'Visto há 3 min' keeps time.
  const relogio = setInterval(textos, 30_000);

  // The map once the text is painted: a frame, then Leaflet's code and the drawing in tasks of their own.
  let mapa: MapaPublico | null = null;
  requestAnimationFrame(() =>
    setTimeout(() => {
      void import('./mapa').then(async ({ ceder, criarMapa }) => {
        await ceder();
        const m = await criarMapa(caixaMapa, link.descricao);
        // The pet and the view first, the trail in a task of its own; what the page knows by now,
        // positions that came while the map loaded included.
        if (atual) {
          m.desenhar([], atual, true);
          await ceder();
        }
        m.desenhar(afinar(rota.map((x) => x.p)), atual, !atual);
        mapa = m;
      });
    }, 0),
  );

  const eventos = new EventSource(`/api/publico/links/${encodeURIComponent(token)}/eventos`);
  eventos.addEventListener('posicao', (e) => {
    let nova: LocalizacaoPublica | null = null;
    try {
      nova = lerPosicao(JSON.parse((e as MessageEvent<string>).data));
    } catch {
      // Not JSON: ignored, as anything else that is not a position.
    }
    if (!nova) return;
    atual = nova;
    const agora = Date.now();
    rota.push({ p: [atual.latitude, atual.longitude], t: Date.parse(atual.dataHora) });
    while (rota.length > 0 && (rota[0]?.t ?? agora) < agora - ROTA_MS) rota.shift();
    textos();
    mapa?.desenhar(afinar(rota.map((x) => x.p)), atual, false);
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
