import type { FormatoExportacao } from '@rastro/shared/dominio';

export interface PontoExportado {
  /** ISO-8601 in UTC. */
  dataHora: string;
  latitude: number;
  longitude: number;
  tipo: string;
  velocidade: number | null;
  precisao: number | null;
}

const xml = (s: string) => s.replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c] ?? c);
/** A CSV cell: quoted when needed, and never read as a formula by a spreadsheet. */
const csv = (s: string) => {
  const seguro = /^[=+\-@\t\r]/.test(s) ? `'${s}` : s;
  return /[",;\n\r]/.test(seguro) ? `"${seguro.replace(/"/g, '""')}"` : seguro;
};

function gpx(nome: string, pontos: readonly PontoExportado[]) {
  const pts = pontos
    .map((p) => `      <trkpt lat="${p.latitude}" lon="${p.longitude}"><time>${p.dataHora}</time><type>${p.tipo}</type></trkpt>`)
    .join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Rastro" xmlns="http://www.topografix.com/GPX/1/1">
  <trk>
    <name>${xml(nome)}</name>
    <trkseg>
${pts}
    </trkseg>
  </trk>
</gpx>
`;
}

function kml(nome: string, pontos: readonly PontoExportado[]) {
  const coords = pontos.map((p) => `${p.longitude},${p.latitude},0`).join(' ');
  const whens = pontos.map((p) => `        <when>${p.dataHora}</when>`).join('\n');
  const gx = pontos.map((p) => `        <gx:coord>${p.longitude} ${p.latitude} 0</gx:coord>`).join('\n');
  return `<?xml version="1.0" encoding="UTF-8"?>
<kml xmlns="http://www.opengis.net/kml/2.2" xmlns:gx="http://www.google.com/kml/ext/2.2">
  <Document>
    <name>${xml(nome)}</name>
    <Placemark>
      <name>${xml(nome)}</name>
      <LineString><tessellate>1</tessellate><coordinates>${coords}</coordinates></LineString>
    </Placemark>
    <Placemark>
      <name>${xml(nome)} (trilha)</name>
      <gx:Track>
${whens}
${gx}
      </gx:Track>
    </Placemark>
  </Document>
</kml>
`;
}

function csvArquivo(nome: string, pontos: readonly PontoExportado[]) {
  const linhas = pontos.map((p) =>
    [csv(nome), p.dataHora, p.latitude, p.longitude, p.tipo, p.velocidade ?? '', p.precisao ?? ''].join(','),
  );
  return `rastreador,data_hora,latitude,longitude,tipo,velocidade_kmh,precisao_m\n${linhas.join('\n')}\n`;
}

export const TIPO_CONTEUDO: Record<FormatoExportacao, string> = {
  gpx: 'application/gpx+xml; charset=utf-8',
  kml: 'application/vnd.google-earth.kml+xml; charset=utf-8',
  csv: 'text/csv; charset=utf-8',
};

/** The file's text in the chosen format (pure, tested on its own). */
export function gerarArquivo(formato: FormatoExportacao, nome: string, pontos: readonly PontoExportado[]): string {
  if (formato === 'gpx') return gpx(nome, pontos);
  if (formato === 'kml') return kml(nome, pontos);
  return csvArquivo(nome, pontos);
}

/** 'historico-thor-2026-11-21.gpx': ASCII only, so every browser keeps it. */
export function nomeDoArquivo(formato: FormatoExportacao, nome: string, de: Date) {
  const base = nome
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `historico-${base || 'rastreador'}-${de.toISOString().slice(0, 10)}.${formato}`;
}
