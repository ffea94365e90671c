import * as z from '@rastro/shared/zod';
import { ID_MAX, LIMITES } from '../constants';
import { MSG } from '../messages';
import { nomeado } from './common';
import { emailObrigatorio } from './fields';

/** POST /api/usuarios/rastreadores/{id}/guardioes: who to invite. */
export const conviteFormSchema = z.object({ email: emailObrigatorio(LIMITES.cadastroEmail) });
export type ConviteForm = z.infer<typeof conviteFormSchema>;

/** A co-guardian of a tracker, or an invite not accepted yet (`PENDENTE`, with its expiry). */
export const guardiaoSchema = nomeado(
  'Guardiao',
  z.object({
    id: z.int(),
    email: z.string(),
    /** The guardian's name once accepted; null while pending. */
    nome: z.nullable(z.string()),
    situacao: z.enum(['PENDENTE', 'ATIVO']),
    dataCadastro: z.string(),
    /** When a pending invite stops working; null once accepted. */
    expiraEm: z.nullable(z.string()),
  }),
);
export type Guardiao = z.infer<typeof guardiaoSchema>;
export const guardioesSchema = z.array(guardiaoSchema);

export const guardiaoParamsSchema = z.object({
  id: z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.positive(), z.lte(ID_MAX, MSG.campoInvalido)),
  guardiaoId: z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.positive(), z.lte(ID_MAX, MSG.campoInvalido)),
});

export const tokenConviteParamsSchema = z.object({
  token: z.string().check(z.minLength(1, MSG.conviteNaoEncontrado), z.maxLength(100, MSG.conviteNaoEncontrado)),
});
