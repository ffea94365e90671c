import * as z from '@rastro/shared/zod';
import { ID_MAX, ZONA } from '../constants';
import { TIPOS_EVENTO_ZONA, TIPOS_ZONA } from '../dominio';
import { autoIntersecta, type Geometria } from '../geometria';
import { MSG } from '../messages';
import { nomeado, pageSchema, paginacaoQuerySchema } from './common';
import { obrigatorio } from './fields';

const latitude = () => z.number({ error: MSG.campoInvalido }).check(z.gte(-90, MSG.campoInvalido), z.lte(90, MSG.campoInvalido));
const longitude = () => z.number({ error: MSG.campoInvalido }).check(z.gte(-180, MSG.campoInvalido), z.lte(180, MSG.campoInvalido));

export const pontoSchema = z.object({ latitude: latitude(), longitude: longitude() });
export type PontoZona = z.infer<typeof pontoSchema>;

/** Twice the ring's area in squared degrees: 0 when every vertex is on one line. */
function areaDupla(pontos: readonly PontoZona[]) {
  let s = 0;
  pontos.forEach((a, i) => {
    const b = pontos[(i + 1) % pontos.length] ?? a;
    s += a.longitude * b.latitude - b.longitude * a.latitude;
  });
  return Math.abs(s);
}

/**
 * POST /api/zonas and PUT /api/zonas/{id}. A circle has latitude, longitude and raioMetros; a
 * polygon has pontos (3 to 100, implicitly closed, sides that do not cross). What the other
 * shape would use may be left out and is ignored.
 */
export const zonaFormSchema = z
  .object({
    nome: obrigatorio(ZONA.nomeMax),
    tipo: z.enum(TIPOS_ZONA, { error: MSG.campoObrigatorio }),
    latitude: z.optional(z.nullable(latitude())),
    longitude: z.optional(z.nullable(longitude())),
    raioMetros: z.optional(z.nullable(z.number({ error: MSG.raioZonaInvalido }))),
    pontos: z.optional(z.nullable(z.array(pontoSchema).check(z.maxLength(ZONA.verticesMax, MSG.pontosZonaInvalidos)))),
    rastreadorIds: z._default(
      z.array(z.int({ error: MSG.campoInvalido }).check(z.positive(MSG.campoInvalido), z.lte(ID_MAX, MSG.campoInvalido))).check(
        z.maxLength(ZONA.rastreadoresMax, MSG.campoInvalido),
        z.refine((ids) => new Set(ids).size === ids.length, { error: MSG.rastreadorRepetido }),
      ),
      [],
    ),
    alertarSaida: z._default(z.boolean({ error: MSG.campoInvalido }), true),
    alertarEntrada: z._default(z.boolean({ error: MSG.campoInvalido }), false),
  })
  .check(
    z.superRefine((f, ctx) => {
      const erro = (campo: string, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
      if (!f.alertarSaida && !f.alertarEntrada) erro('alertarSaida', MSG.alertaZonaObrigatorio);
      if (f.tipo === 'CIRCULO') {
        if (f.latitude == null) erro('latitude', MSG.campoObrigatorio);
        if (f.longitude == null) erro('longitude', MSG.campoObrigatorio);
        if (f.raioMetros == null) erro('raioMetros', MSG.campoObrigatorio);
        else if (!(f.raioMetros >= ZONA.raioMinMetros && f.raioMetros <= ZONA.raioMaxMetros)) erro('raioMetros', MSG.raioZonaInvalido);
        return;
      }
      const pontos = f.pontos ?? [];
      if (pontos.length < ZONA.verticesMin || pontos.length > ZONA.verticesMax) erro('pontos', MSG.pontosZonaInvalidos);
      else if (autoIntersecta(pontos)) erro('pontos', MSG.poligonoAutoIntersecta);
      else if (areaDupla(pontos) < 1e-12) erro('pontos', MSG.poligonoSemArea);
    }),
  );
export type ZonaForm = z.input<typeof zonaFormSchema>;
export type ZonaFormValida = z.output<typeof zonaFormSchema>;

/** A zone as its owner reads it: the fields of the other shape are null (circle) or empty (polygon). */
export const zonaSchema = nomeado(
  'Zona',
  z.object({
    id: z.int(),
    nome: z.string(),
    tipo: z.enum(TIPOS_ZONA),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
    raioMetros: z.nullable(z.number()),
    pontos: z.array(pontoSchema),
    rastreadorIds: z.array(z.int()),
    alertarSaida: z.boolean(),
    alertarEntrada: z.boolean(),
    dataCadastro: z.string(),
    dataAtualizacao: z.string(),
  }),
);
export type Zona = z.infer<typeof zonaSchema>;
export const zonasSchema = z.array(zonaSchema);

/** A tracker crossing a zone's border, where and when the position that decided it was taken. */
export const eventoZonaSchema = nomeado(
  'EventoZona',
  z.object({
    id: z.int(),
    zonaId: z.int(),
    /** The zone's name. */
    zona: z.string(),
    rastreadorId: z.int(),
    /** The tracker's name as its owner gave it. */
    descricao: z.string(),
    tipo: z.enum(TIPOS_EVENTO_ZONA),
    dataHora: z.string(),
    latitude: z.number(),
    longitude: z.number(),
  }),
);
export type EventoZona = z.infer<typeof eventoZonaSchema>;
export const eventoZonaPageSchema = pageSchema(eventoZonaSchema);

/**
 * GET /api/zonas/{id}/eventos and GET /api/usuarios/rastreadores/{id}/eventos-zonas (the owner's
 * link id, as the other tracker routes): newest first.
 */
export const eventoZonaFiltroSchema = paginacaoQuerySchema(['dataHora', 'id'] as const, 'dataHora', 'desc');
export type EventoZonaFiltro = z.input<typeof eventoZonaFiltroSchema>;

/** The geometry of a valid form, for `preparar` and `parteCerta` (geometria.ts). */
export function geometriaDaZona(z: Pick<Zona, 'tipo' | 'latitude' | 'longitude' | 'raioMetros' | 'pontos'>): Geometria {
  return z.tipo === 'CIRCULO'
    ? { tipo: 'CIRCULO', centro: { latitude: z.latitude ?? 0, longitude: z.longitude ?? 0 }, raioMetros: z.raioMetros ?? 0 }
    : { tipo: 'POLIGONO', pontos: z.pontos };
}
