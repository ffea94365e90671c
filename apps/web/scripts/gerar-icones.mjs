// Draws the app icons of the web app manifest (public/icons/*.png) from the favicon's paw, with no
// image library: run `node apps/web/scripts/gerar-icones.mjs` after changing the drawing, and commit the PNGs.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const TEAL = [0x00, 0x69, 0x5c];
const BRANCO = [0xff, 0xff, 0xff];

/** The favicon's paw (viewBox 0 0 64 64): [cx, cy, rx, ry, rotation in degrees]. */
const PATA = [
  [32, 31, 8, 6.5, 0],
  [21.5, 22.5, 3.4, 4.4, -20],
  [28, 16.5, 3.4, 4.6, 0],
  [36, 16.5, 3.4, 4.6, 0],
  [42.5, 22.5, 3.4, 4.4, 20],
];

function naPata(x, y) {
  return PATA.some(([cx, cy, rx, ry, graus]) => {
    const a = (-graus * Math.PI) / 180;
    const dx = x - cx;
    const dy = y - cy;
    const u = dx * Math.cos(a) - dy * Math.sin(a);
    const v = dx * Math.sin(a) + dy * Math.cos(a);
    return (u / rx) ** 2 + (v / ry) ** 2 <= 1;
  });
}

/**
 * One icon: a teal square (rounded unless maskable, which the platform crops itself) with the paw
 * centred; `escala` is the paw's share of the side (a maskable icon keeps it inside the 80 % safe circle).
 */
function desenhar(lado, { maskable, escala }) {
  const AMOSTRAS = 4;
  const raio = maskable ? 0 : lado * 0.2;
  const linhas = [];
  for (let py = 0; py < lado; py++) {
    const linha = Buffer.alloc(1 + lado * 4);
    for (let px = 0; px < lado; px++) {
      let fundo = 0;
      let pata = 0;
      for (let sy = 0; sy < AMOSTRAS; sy++) {
        for (let sx = 0; sx < AMOSTRAS; sx++) {
          const x = px + (sx + 0.5) / AMOSTRAS;
          const y = py + (sy + 0.5) / AMOSTRAS;
          const cx = Math.min(Math.max(x, raio), lado - raio);
          const cy = Math.min(Math.max(y, raio), lado - raio);
          if (raio > 0 && (x - cx) ** 2 + (y - cy) ** 2 > raio ** 2) continue;
          fundo++;
          // The paw's box is 18..46 × 12..37.5 in favicon units: centre it on (32, 24.75).
          const u = 32 + ((x / lado - 0.5) * 64) / escala / 2;
          const v = 24.75 + ((y / lado - 0.5) * 64) / escala / 2;
          if (naPata(u, v)) pata++;
        }
      }
      const total = AMOSTRAS * AMOSTRAS;
      const f = pata / Math.max(fundo, 1);
      const cor = TEAL.map((c, i) => Math.round(c * (1 - f) + BRANCO[i] * f));
      linha.set([...cor, Math.round((255 * fundo) / total)], 1 + px * 4);
    }
    linhas.push(linha);
  }
  return png(lado, Buffer.concat(linhas));
}

const CRC = new Int32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});
const crc32 = (buf) => {
  let c = -1;
  for (const b of buf) c = CRC[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ -1) >>> 0;
};

function bloco(tipo, dados) {
  const tamanho = Buffer.alloc(4);
  tamanho.writeUInt32BE(dados.length);
  const corpo = Buffer.concat([Buffer.from(tipo, 'ascii'), dados]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(corpo));
  return Buffer.concat([tamanho, corpo, crc]);
}

/** An 8-bit RGBA PNG from rows that each start with filter byte 0. */
function png(lado, linhas) {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(lado, 0);
  ihdr.writeUInt32BE(lado, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    bloco('IHDR', ihdr),
    bloco('IDAT', deflateSync(linhas, { level: 9 })),
    bloco('IEND', Buffer.alloc(0)),
  ]);
}

const destino = new URL('../public/icons/', import.meta.url);
for (const lado of [192, 512]) {
  writeFileSync(new URL(`icone-${lado}.png`, destino), desenhar(lado, { maskable: false, escala: 0.6 }));
  writeFileSync(new URL(`icone-maskable-${lado}.png`, destino), desenhar(lado, { maskable: true, escala: 0.45 }));
}
