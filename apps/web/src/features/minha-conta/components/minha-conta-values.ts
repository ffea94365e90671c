import { z } from 'zod/mini';
import { minhaContaSchema, type MinhaConta, type UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { dataBrParaIso } from '@rastro/shared/validators';
import { pessoaParaTela } from '@/components/pessoa/pessoa-values';

/**
 * The screen's rules: those of POST /users, with nome, e-mail and birth date shown as they are
 * (disabled, not validated) and the sex select's empty choice ('') meaning "not informed".
 */
export const minhaContaTelaSchema = z.extend(z.omit(minhaContaSchema, { id: true, nivelId: true }), {
  nome: z.string(),
  email: z.string(),
  dataNascimento: z.string(),
  sexo: z.union([
    minhaContaSchema.shape.sexo,
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]),
});
export type MinhaContaTelaInput = z.input<typeof minhaContaTelaSchema>;
export type MinhaContaTelaOutput = z.output<typeof minhaContaTelaSchema>;

/** The fields a server error may name. */
export const CAMPOS_MINHA_CONTA = Object.keys(minhaContaTelaSchema.shape) as (keyof MinhaContaTelaInput)[];

/** The stored user as the form shows it: masks applied, nulls as empty fields. */
export const detalheParaTela = (u: UsuarioDetalhe): MinhaContaTelaInput => pessoaParaTela(u);

/** The validated form as POST /users takes it: the user's id and level, birth date as 'YYYY-MM-DD'. */
export function telaParaPayload(v: MinhaContaTelaOutput, u: UsuarioDetalhe): MinhaConta {
  return {
    ...v,
    id: u.id,
    nivelId: u.nivelId,
    dataNascimento: v.dataNascimento ? dataBrParaIso(v.dataNascimento) : null,
  };
}
