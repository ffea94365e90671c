import type { DefaultValues } from 'react-hook-form';
import { IMask } from 'react-imask';
import { z } from 'zod';
import { usuarioFormTelaSchema, type UsuarioDetalhe, type UsuarioForm } from '@rastro/shared/schemas/usuarios';
import { dataBrParaIso, onlyDigits } from '@rastro/shared/validators';
import { MASCARA } from '@/components/form/MaskedFieldControl';

/**
 * The admin user form: the shared screen rules, plus the select's empty choice ('') meaning
 * "no sex informed".
 */
export const usuarioTelaSchema = usuarioFormTelaSchema.extend({
  sexo: usuarioFormTelaSchema.shape.sexo.or(z.literal('').transform(() => null)),
});
export type UsuarioTelaInput = z.input<typeof usuarioTelaSchema>;
export type UsuarioTelaOutput = z.output<typeof usuarioTelaSchema>;

/** The fields a server error may name. */
export const CAMPOS_USUARIO = Object.keys(usuarioTelaSchema.shape) as (keyof UsuarioTelaInput)[];

/** A new user; no level until one is picked (then 'Campo obrigatorio.' applies). */
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

const mascarar = (v: string | null, mask: string) => (v ? IMask.pipe(onlyDigits(v), { mask }) : '');
const telefone = (v: string | null) =>
  mascarar(v, onlyDigits(v ?? '').length === 11 ? MASCARA.celular : MASCARA.telefone);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the field's mask). */
const dataBr = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

/** A stored user as the form shows it: masks applied, nulls as empty fields. */
export function detalheParaTela(u: UsuarioDetalhe): UsuarioTelaInput {
  return {
    nome: u.nome,
    email: u.email,
    cpf: mascarar(u.cpf, MASCARA.cpf),
    dataNascimento: dataBr(u.dataNascimento),
    rg: u.rg ?? '',
    sexo: u.sexo,
    telefoneCelular: telefone(u.telefoneCelular),
    telefoneResidencial: telefone(u.telefoneResidencial),
    telefoneComercial: telefone(u.telefoneComercial),
    cep: mascarar(u.cep, MASCARA.cep),
    logradouro: u.logradouro ?? '',
    numero: u.numero ?? '',
    complemento: u.complemento ?? '',
    bairro: u.bairro ?? '',
    referencia: u.referencia ?? '',
    estadoId: u.estadoId,
    cidadeId: u.cidadeId,
    nivelId: u.nivelId,
  };
}

/** The validated form as POST /api/usuarios takes it (birth date as 'YYYY-MM-DD'; phones may stay masked). */
export function telaParaPayload(v: UsuarioTelaOutput, id?: number): UsuarioForm {
  return { ...v, ...(id ? { id } : {}), dataNascimento: v.dataNascimento ? dataBrParaIso(v.dataNascimento) : null };
}
