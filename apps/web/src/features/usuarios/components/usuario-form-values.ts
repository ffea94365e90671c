import type { DefaultValues } from 'react-hook-form';
import { z } from 'zod/mini';
import { usuarioFormTelaSchema, type UsuarioDetalhe, type UsuarioForm } from '@rastro/shared/schemas/usuarios';
import { dataBrParaIso } from '@rastro/shared/validators';
import { pessoaParaTela } from '@/components/pessoa/pessoa-values';

/**
 * The admin user form: the shared screen rules, plus the select's empty choice ('') meaning
 * "no sex informed".
 */
export const usuarioTelaSchema = z.extend(usuarioFormTelaSchema, {
  sexo: z.union([
    usuarioFormTelaSchema.shape.sexo,
    z.pipe(
      z.literal(''),
      z.transform(() => null),
    ),
  ]),
});
export type UsuarioTelaInput = z.input<typeof usuarioTelaSchema>;
export type UsuarioTelaOutput = z.output<typeof usuarioTelaSchema>;

/** The fields a server error may name. */
export const CAMPOS_USUARIO = Object.keys(usuarioTelaSchema.shape) as (keyof UsuarioTelaInput)[];

/** A new user; no level until one is picked (then 'Campo obrigatório.' applies). */
export const USUARIO_VAZIO: DefaultValues<UsuarioTelaInput> = {
  nome: '',
  email: '',
  cpf: '',
  dataNascimento: '',
  rg: '',
  sexo: null,
  telefoneCelular: '',
  telefoneResidencial: '',
  telefoneComercial: '',
  cep: '',
  logradouro: '',
  numero: '',
  complemento: '',
  bairro: '',
  referencia: '',
  estadoId: null,
  cidadeId: null,
};

/** A stored user as the form shows it: masks applied, nulls as empty fields. */
export function detalheParaTela(u: UsuarioDetalhe): UsuarioTelaInput {
  return { ...pessoaParaTela(u), nivelId: u.nivelId };
}

/** The validated form as POST /api/usuarios takes it (birth date as 'YYYY-MM-DD'; phones may stay masked). */
export function telaParaPayload(v: UsuarioTelaOutput, id?: number): UsuarioForm {
  return { ...v, ...(id ? { id } : {}), dataNascimento: v.dataNascimento ? dataBrParaIso(v.dataNascimento) : null };
}
