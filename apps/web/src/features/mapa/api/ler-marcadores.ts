import { SITUACOES_ENERGIA, TIPOS_LOCALIZACAO } from '@rastro/shared/dominio';
import type { Marcador } from '@rastro/shared/schemas/mapa';
import { inteiro, logico, numero, objeto, ouNulo, texto, textos, umDe } from '@/lib/leitura';

const situacao = umDe(SITUACOES_ENERGIA);
const tipo = umDe(TIPOS_LOCALIZACAO);
const inteiroOuNulo = ouNulo(inteiro);
const numeroOuNulo = ouNulo(numero);
const textoOuNulo = ouNulo(texto);

function modoPerdido(v: unknown): Marcador['modoPerdido'] | undefined {
  if (v === null) return null;
  if (!objeto(v) || v.ativo !== true || !texto(v.desde) || !texto(v.ate)) return undefined;
  return { ativo: true, desde: v.desde, ate: v.ate };
}

function marcador(v: unknown): Marcador | null {
  if (!objeto(v)) return null;
  const { id, rastreadorId, usuarioRastreadorId, name, position, bateria, situacaoEnergia, situacaoEnergiaDescricao } = v;
  const { desligar, dataHora, precisao, velocidade, compartilhadoPor, foto } = v;
  if (
    !inteiro(id) ||
    !inteiro(rastreadorId) ||
    !inteiro(usuarioRastreadorId) ||
    !texto(name) ||
    !objeto(position) ||
    !numero(position.lat) ||
    !numero(position.lng) ||
    !inteiroOuNulo(bateria) ||
    !situacao(situacaoEnergia) ||
    !texto(situacaoEnergiaDescricao) ||
    !logico(desligar) ||
    !texto(dataHora) ||
    !tipo(v.tipo) ||
    !numeroOuNulo(precisao) ||
    !numeroOuNulo(velocidade) ||
    !textoOuNulo(compartilhadoPor) ||
    !textoOuNulo(foto)
  )
    return null;
  const foraDeZonas = textos(v.foraDeZonas);
  const dentroDeZonas = textos(v.dentroDeZonas);
  const perdido = modoPerdido(v.modoPerdido);
  if (!foraDeZonas || !dentroDeZonas || perdido === undefined) return null;
  return {
    id,
    rastreadorId,
    usuarioRastreadorId,
    name,
    position: { lat: position.lat, lng: position.lng },
    bateria,
    situacaoEnergia,
    situacaoEnergiaDescricao,
    desligar,
    dataHora,
    tipo: v.tipo,
    precisao,
    velocidade,
    foraDeZonas,
    dentroDeZonas,
    compartilhadoPor,
    modoPerdido: perdido,
    foto,
  };
}

/**
 * GET /api/usuarios/rastreadores/ultimas-localizacoes' body read by hand, as `marcadoresSchema`
 * reads it (ler-marcadores.test.ts holds the two together), or null when it is not a list of
 * markers. A day's route is 1,440 to 10,000 of them: zod spent ~20 µs on each on this project's
 * machines, the reader well under one (docs/adr/0024).
 */
export function lerMarcadores(v: unknown): Marcador[] | null {
  if (!Array.isArray(v)) return null;
  const lidos: Marcador[] = [];
  for (const m of v) {
    const lido = marcador(m);
    if (!lido) return null;
    lidos.push(lido);
  }
  return lidos;
}
