import * as z from '@rastro/shared/zod';
import { ID_MAX, LINK_COMPARTILHADO } from '../constants';
import { MSG, maxCaracteres } from '../messages';
import { nomeado } from './common';
import { semCaracteresInvisiveis } from './fields';

/** POST /api/usuarios/rastreadores/{id}/links: valid for `horas` (1 to 168), with an optional message for whoever opens it. */
export const linkFormSchema = z.object({
  horas: z
    .int({ error: MSG.horasLinkInvalidas })
    .check(z.gte(LINK_COMPARTILHADO.horasMin, MSG.horasLinkInvalidas), z.lte(LINK_COMPARTILHADO.horasMax, MSG.horasLinkInvalidas)),
  mensagem: z.optional(
    z.nullable(
      z.string({ error: MSG.campoInvalido }).check(
        z.trim(),
        z.maxLength(LINK_COMPARTILHADO.mensagemMax, maxCaracteres(LINK_COMPARTILHADO.mensagemMax)),
        // Typed in a multi-line box: its line breaks are text.
        semCaracteresInvisiveis(true),
      ),
    ),
  ),
  /** Whether whoever opens the link sees the creator's mobile phone, to call them (issue #32). Off unless asked. */
  compartilharTelefone: z._default(z.boolean({ error: MSG.campoInvalido }), false),
});
export type LinkForm = z.input<typeof linkFormSchema>;

/** The answer to creating a link: the only time its URL (and token) is ever shown. */
export const linkCriadoSchema = nomeado('LinkCriado', z.object({ id: z.int(), url: z.string(), expiraEm: z.string() }));
export type LinkCriado = z.infer<typeof linkCriadoSchema>;

/**
 * An active link as the owner and the co-guardians list it (the token is kept only as a hash: no
 * URL). `criadoPor`: who created it, the owner or a co-guardian (whose links end when they stop
 * being one); null for links created before the creator was recorded.
 */
export const linkSchema = nomeado(
  'LinkCompartilhado',
  z.object({
    id: z.int(),
    criadoEm: z.string(),
    expiraEm: z.string(),
    mensagem: z.nullable(z.string()),
    criadoPor: z.nullable(z.object({ id: z.int(), nome: z.string() })),
    /** Whether the public page shows its creator's mobile phone. */
    compartilharTelefone: z.boolean(),
  }),
);
export type Link = z.infer<typeof linkSchema>;
export const linksSchema = z.array(linkSchema);

export const linkParamsSchema = z.object({
  id: z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.positive(), z.lte(ID_MAX, MSG.campoInvalido)),
  linkId: z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.positive(), z.lte(ID_MAX, MSG.campoInvalido)),
});

/** A share link's token in the URL: 43 base64url characters (256 random bits). */
export const tokenLinkParamsSchema = z.object({
  token: z.string().check(z.minLength(1, MSG.linkNaoEncontrado), z.maxLength(100, MSG.linkNaoEncontrado)),
});

/** A point of the public trail. */
export const pontoPublicoSchema = z.object({ latitude: z.number(), longitude: z.number(), dataHora: z.string() });

/**
 * GET /api/publico/links/{token}: what anyone with the link sees, and nothing else — no IMEI, chip,
 * owner or history beyond the last 2 hours. The position fields are null while the pet has none.
 * `telefone`: the mobile phone (digits) of whoever created the link, only when they chose to show
 * it; `foto`: the pet's photo under the link's token (GET /api/publico/links/{token}/foto), or null.
 */
export const linkPublicoSchema = nomeado(
  'LinkPublico',
  z.object({
    descricao: z.string(),
    latitude: z.nullable(z.number()),
    longitude: z.nullable(z.number()),
    precisaoMetros: z.nullable(z.number()),
    dataHora: z.nullable(z.string()),
    bateria: z.nullable(z.int()),
    mensagem: z.nullable(z.string()),
    telefone: z.nullable(z.string()),
    foto: z.nullable(z.string()),
    expiraEm: z.string(),
    rastro: z.array(pontoPublicoSchema),
  }),
);
export type LinkPublico = z.infer<typeof linkPublicoSchema>;

/** The public live stream's message: the newest position (the trail grows by it). */
export const posicaoPublicaSchema = z.object({
  latitude: z.number(),
  longitude: z.number(),
  precisaoMetros: z.nullable(z.number()),
  dataHora: z.string(),
  bateria: z.nullable(z.int()),
});
export type LocalizacaoPublica = z.infer<typeof posicaoPublicaSchema>;
