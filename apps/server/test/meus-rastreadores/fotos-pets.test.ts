import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { FOTO_PET, TOKEN_COOKIE } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import type { EventoSocket, Marcador } from '@rastro/shared/schemas/mapa';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { consultar } from '../../src/db/client';
import { sha256 } from '../../src/lib/cripto';
import { recalcularLocalizacoesAtuais } from '../../src/modules/localizacoes/repository';
import { criarCliente, registrarRastreador } from '../apoio/fixtures';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';

/**
 * The pet's photo (issue #32) over real HTTP: what the owner uploads is never what is served — a
 * square WebP of at most 256 px and 60 kB without the upload's metadata (EXIF GPS would tell where
 * the owner lives). Only the owner changes it; co-guardians see it; anyone else gets 404. The
 * tracker list, the map's markers and the live channel carry its URL, which changes with it.
 */
type Sessao = { id: number; token: string; h: Record<string, string> };
let app: TestApp;
let base = '';
let ana: Sessao;
let bia: Sessao;
let caio: Sessao;
const thor = { id: 0, rastreadorId: 0 };

const sessao = async (nome: string): Promise<Sessao> => {
  const c = await criarCliente(app, nome);
  return { id: c.id, token: c.token, h: bearer(c.token) };
};

beforeAll(async () => {
  app = await criarApp();
  await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  ana = await sessao('ANA');
  bia = await sessao('BIA');
  caio = await sessao('CAIO');
  const imei = `35933908050${String(Date.now() % 10_000).padStart(4, '0')}`;
  thor.rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), imei);
  const r = await app.inject({
    method: 'POST',
    url: '/api/usuarios/rastreadores',
    headers: ana.h,
    payload: { imei, descricao: 'THOR', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
  });
  thor.id = r.json<MeuRastreador>().id;
  // BIA is a co-guardian (an accepted invite).
  await app.database.db.execute(
    sql`insert into guardioes (usuario_rastreador_id, email, usuario_id, token_hash, expira_em, aceito_em)
        values (${thor.id}, 'bia@rastro.test', ${bia.id}, ${sha256(`convite-${thor.id}`)}, now() + interval '1 day', now())`,
  );
  await app.database.db.execute(
    sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) values (${thor.rastreadorId}, 'GPS', now() - interval '5 minutes', -23.55, -46.63)`,
  );
  await recalcularLocalizacoesAtuais(app.database.db);
});
afterAll(() => app.fechar());

const url = (id = thor.id) => `${base}/api/usuarios/rastreadores/${id}/foto`;
const enviar = (corpo: Uint8Array, tipo: string, h: Record<string, string> = ana.h) =>
  fetch(url(), { method: 'PUT', headers: { ...h, 'content-type': tipo }, body: corpo });
const ler = (h: Record<string, string> = ana.h, caminho = url()) => fetch(caminho, { headers: h });
const remover = (h: Record<string, string> = ana.h) => fetch(url(), { method: 'DELETE', headers: h });
const bytes = async (r: Response) => Buffer.from(await r.arrayBuffer());

async function fotoDaLista(h = ana.h) {
  const r = await fetch(`${base}/api/usuarios/rastreadores?size=50`, { headers: h });
  return ((await r.json()) as { content: MeuRastreador[] }).content.find((x) => x.id === thor.id)?.foto;
}
async function fotoDoDetalhe(h = ana.h) {
  return ((await (await fetch(`${base}/api/usuarios/rastreadores/${thor.id}`, { headers: h })).json()) as MeuRastreador).foto;
}
async function fotoDoMarcador(h = ana.h) {
  const r = await fetch(`${base}/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL`, { headers: h });
  return ((await r.json()) as Marcador[]).find((m) => m.usuarioRastreadorId === thor.id)?.foto;
}

/** A 1200×800 JPEG from a camera: orientation, make and where it was taken (GPS in IFD3). */
const jpegComGps = () =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: '#b5651d' } })
    .jpeg({ quality: 90 })
    .withExif({
      IFD0: { Make: 'Camera do Celular', Model: 'Modelo X', Copyright: 'ANA' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '23/1 33/1 1234/100', GPSLongitudeRef: 'W', GPSLongitude: '46/1 38/1 1000/100' },
    })
    .toBuffer();

/** Pixels that compress badly: each a random colour. */
const ruido = (lado: number) => sharp(randomBytes(lado * lado * 3), { raw: { width: lado, height: lado, channels: 3 } });

/** A PNG whose header declares `lado`×`lado` pixels and holds almost none: what a decompression bomb looks like. */
function pngDeclarando(lado: number) {
  const bloco = (tipo: string, dados: Buffer) => {
    const corpo = Buffer.concat([Buffer.from(tipo, 'ascii'), dados]);
    const tamanho = Buffer.alloc(4);
    tamanho.writeUInt32BE(dados.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(corpo));
    return Buffer.concat([tamanho, corpo, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(lado, 0);
  ihdr.writeUInt32BE(lado, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit greyscale
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloco('IHDR', ihdr),
    bloco('IDAT', deflateSync(Buffer.alloc(lado + 1))),
    bloco('IEND', Buffer.alloc(0)),
  ]);
}

describe('the owner sends the pet’s photo', () => {
  it('a JPEG with EXIF GPS comes back as a square WebP ≤ 256 px and ≤ 60 kB, with no metadata at all', async () => {
    const jpeg = await jpegComGps();
    const antes = await sharp(jpeg).metadata();
    expect(antes.exif?.toString('latin1')).toContain('Camera do Celular');

    const r = await enviar(jpeg, 'image/jpeg');
    expect(r.status).toBe(204);

    const g = await ler();
    expect(g.status).toBe(200);
    expect(g.headers.get('content-type')).toBe('image/webp');
    expect(g.headers.get('x-content-type-options')).toBe('nosniff');
    const webp = await bytes(g);
    expect(webp.length).toBeLessThanOrEqual(FOTO_PET.bytesGuardadosMax);
    expect(webp.equals(jpeg)).toBe(false);
    const m = await sharp(webp).metadata();
    expect(m).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(m.exif).toBeUndefined();
    expect(m.icc).toBeUndefined();
    expect(m.xmp).toBeUndefined();
    // Not a trace of the camera or the place in the bytes served.
    for (const rastro of ['Exif', 'GPS', 'Camera do Celular', 'Modelo X', 'XMP']) expect(webp.toString('latin1')).not.toContain(rastro);
    // What is stored is what is served: the upload itself is kept nowhere.
    const [guardada] = await consultar<{ n: number; tamanho: number }>(
      app.database.db,
      sql`select count(*)::int as n, max(length(imagem))::int as tamanho from fotos_pets where usuario_rastreador_id = ${thor.id}`,
    );
    expect(guardada).toEqual({ n: 1, tamanho: webp.length });
  });

  it('turns the picture upright by its EXIF orientation before cropping the centre square', async () => {
    // Stored sideways: left half red, right half blue; orientation 6 says "turn 90° clockwise to view".
    const lado = Buffer.alloc(400 * 200 * 3);
    for (let y = 0; y < 200; y++) for (let x = 0; x < 400; x++) lado.set(x < 200 ? [220, 20, 20] : [20, 20, 220], (y * 400 + x) * 3);
    const jpeg = await sharp(lado, { raw: { width: 400, height: 200, channels: 3 } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    expect((await enviar(jpeg, 'image/jpeg')).status).toBe(204);
    const webp = await bytes(await ler());
    const { data, info } = await sharp(webp).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    // Upright it is 200×400, red above blue; its centre square (not enlarged) is red on top, blue below.
    expect([info.width, info.height]).toEqual([200, 200]);
    const cor = (x: number, y: number) => [...data.subarray((y * info.width + x) * 3, (y * info.width + x) * 3 + 3)];
    const [rTopo, , bTopo] = cor(100, 30);
    const [rBaixo, , bBaixo] = cor(100, 170);
    expect(rTopo).toBeGreaterThan(150);
    expect(bTopo).toBeLessThan(80);
    expect(bBaixo).toBeGreaterThan(150);
    expect(rBaixo).toBeLessThan(80);
  });

  it('a large PNG of noise is shrunk to 256 px and squeezed under 60 kB', async () => {
    const png = await ruido(1100).png({ compressionLevel: 1 }).toBuffer();
    expect(png.length).toBeGreaterThan(3_000_000);
    expect(png.length).toBeLessThan(FOTO_PET.bytesMax);
    expect((await enviar(png, 'image/png')).status).toBe(204);
    const webp = await bytes(await ler());
    expect(webp.length).toBeLessThanOrEqual(FOTO_PET.bytesGuardadosMax);
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
  });

  it('a WebP is accepted and re-encoded too', async () => {
    const webpEnviada = await sharp({ create: { width: 300, height: 500, channels: 4, background: '#3a7' } })
      .webp()
      .withExif({ IFD0: { Make: 'Outra Camera' } })
      .toBuffer();
    expect((await enviar(webpEnviada, 'image/webp')).status).toBe(204);
    const webp = await bytes(await ler());
    expect(await sharp(webp).metadata()).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(webp.toString('latin1')).not.toContain('Outra Camera');
  });

  it('refuses what is not an image: garbage or another format in disguise (400), another type (415), over 5 MB (413), a bomb (400)', async () => {
    const antes = await bytes(await ler());
    const lixo = await enviar(Buffer.from('isto não é uma imagem, é só texto'.repeat(20)), 'image/jpeg');
    expect(lixo.status).toBe(400);
    expect(await lixo.json()).toEqual({ status: 400, message: MSG.fotoIlegivel });

    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await enviar(gif, 'image/png')).status).toBe(400);
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>');
    expect((await enviar(svg, 'image/png')).status).toBe(400);
    // A JPEG cut short after its header.
    const cortada = (await jpegComGps()).subarray(0, 2000);
    expect((await enviar(cortada, 'image/jpeg')).status).toBe(400);

    for (const tipo of ['text/plain', 'application/json', 'image/gif', 'image/svg+xml', 'application/octet-stream']) {
      const r = await enviar(Buffer.from('{}'), tipo);
      expect(r.status, tipo).toBe(415);
      expect(await r.json()).toEqual({ status: 415, message: MSG.fotoTipoInvalido });
    }
    const semTipo = await fetch(url(), { method: 'PUT', headers: ana.h, body: new Uint8Array([1, 2, 3]) });
    expect([400, 415]).toContain(semTipo.status);

    const grande = await enviar(Buffer.alloc(FOTO_PET.bytesMax + 1, 7), 'image/jpeg');
    expect(grande.status).toBe(413);
    expect(await grande.json()).toEqual({ status: 413, message: MSG.fotoGrandeDemais });

    const bomba = pngDeclarando(60_000);
    expect(bomba.length).toBeLessThan(1000);
    const r = await enviar(bomba, 'image/png');
    expect(r.status).toBe(400);
    expect(await r.json()).toEqual({ status: 400, message: MSG.fotoPixelsDemais });

    // Nothing refused replaced the photo.
    expect((await bytes(await ler())).equals(antes)).toBe(true);
  });
});

describe('who may see and change it', () => {
  it('a co-guardian sees the photo but may not change or remove it (403); anyone else gets 404; nobody logged in, 401', async () => {
    const jpeg = await jpegComGps();
    expect((await enviar(jpeg, 'image/jpeg')).status).toBe(204);
    const daAna = await bytes(await ler());

    const g = await ler(bia.h);
    expect(g.status).toBe(200);
    expect((await bytes(g)).equals(daAna)).toBe(true);
    const put = await enviar(jpeg, 'image/jpeg', bia.h);
    expect(put.status).toBe(403);
    expect(await put.json()).toEqual({ status: 403, message: MSG.apenasDonoPode });
    expect((await remover(bia.h)).status).toBe(403);

    for (const r of [await ler(caio.h), await enviar(jpeg, 'image/jpeg', caio.h), await remover(caio.h)]) {
      expect(r.status).toBe(404);
      expect(await r.json()).toEqual({ status: 404, message: MSG.naoEncontrado });
    }
    expect((await ler({})).status).toBe(401);
    expect((await enviar(jpeg, 'image/jpeg', {})).status).toBe(401);
    expect((await ler(ana.h)).status).toBe(200);
  });

  it('an <img> (no Authorization header) is let in by the session cookie; a stranger’s cookie is not', async () => {
    const comCookie = await ler({ cookie: `outro=1; ${TOKEN_COOKIE}=${encodeURIComponent(bia.token)}` });
    expect(comCookie.status).toBe(200);
    expect(comCookie.headers.get('content-type')).toBe('image/webp');
    expect((await ler({ cookie: `${TOKEN_COOKIE}=${caio.token}` })).status).toBe(404);
    expect((await ler({ cookie: `${TOKEN_COOKIE}=token-que-nao-existe` })).status).toBe(401);
    // Only reading the photo takes the cookie: sending or removing it needs the header.
    const jpeg = await jpegComGps();
    expect((await enviar(jpeg, 'image/jpeg', { cookie: `${TOKEN_COOKIE}=${ana.token}` })).status).toBe(401);
    expect((await remover({ cookie: `${TOKEN_COOKIE}=${ana.token}` })).status).toBe(401);
  });
});

describe('where its URL shows', () => {
  it('the list, the detail and the markers carry a URL that changes with the photo, cached for good; null once removed', async () => {
    expect((await enviar(await jpegComGps(), 'image/jpeg')).status).toBe(204);
    const primeira = await fotoDaLista();
    expect(primeira).toMatch(new RegExp(`^/api/usuarios/rastreadores/${thor.id}/foto\\?v=[0-9a-f]{16}$`));
    expect(await fotoDoDetalhe()).toBe(primeira);
    expect(await fotoDoMarcador()).toBe(primeira);
    // The co-guardian's screens too.
    expect(await fotoDaLista(bia.h)).toBe(primeira);
    expect(await fotoDoMarcador(bia.h)).toBe(primeira);

    const g = await ler(ana.h, `${base}${primeira}`);
    expect(g.status).toBe(200);
    expect(g.headers.get('cache-control')).toBe('private, max-age=31536000, immutable');

    const outra = await ruido(300).jpeg().toBuffer();
    expect((await enviar(outra, 'image/jpeg')).status).toBe(204);
    const segunda = await fotoDaLista();
    expect(segunda).toMatch(/\?v=[0-9a-f]{16}$/);
    expect(segunda).not.toBe(primeira);
    expect(await fotoDoMarcador()).toBe(segunda);
    // The old URL gets the new photo, but not for keeps.
    const velha = await ler(ana.h, `${base}${primeira}`);
    expect(velha.headers.get('cache-control')).toBe('private, no-cache');

    expect((await remover()).status).toBe(204);
    expect(await fotoDaLista()).toBeNull();
    expect(await fotoDoDetalhe()).toBeNull();
    expect(await fotoDoMarcador()).toBeNull();
    expect((await ler()).status).toBe(404);
    // Removing it again is no error.
    expect((await remover()).status).toBe(204);
  });

  it('the live channel sends the tracker and its marker with the new URL to the owner and the co-guardian', async () => {
    const abrir = async (token: string) => {
      const ws = new WebSocket(`${base.replace('http', 'ws')}/api/socket`);
      const eventos: EventoSocket[] = [];
      ws.on('message', (d: Buffer) => {
        const v = JSON.parse(d.toString()) as EventoSocket;
        if ('posicoes' in v) eventos.push(v);
      });
      await new Promise<void>((r, j) => {
        ws.once('open', () => r());
        ws.once('error', j);
      });
      ws.send(JSON.stringify({ token }));
      await new Promise((r) => setTimeout(r, 200));
      return { ws, eventos };
    };
    const [sa, sb] = [await abrir(ana.token), await abrir(bia.token)];
    try {
      expect((await enviar(await jpegComGps(), 'image/jpeg')).status).toBe(204);
      const foto = await fotoDaLista();
      for (const s of [sa, sb]) {
        const fim = Date.now() + 5000;
        while (!s.eventos.some((e) => e.rastreadores.some((r) => r.id === thor.id && r.foto === foto))) {
          if (Date.now() > fim) throw new Error('o canal ao vivo não mandou a foto nova');
          await new Promise((r) => setTimeout(r, 20));
        }
        expect(s.eventos.some((e) => e.posicoes.some((p) => p.usuarioRastreadorId === thor.id && p.foto === foto))).toBe(true);
      }
    } finally {
      sa.ws.close();
      sb.ws.close();
    }
  });
});
