import { IMask } from 'react-imask';
import { z } from 'zod';
import { minhaContaSchema, type MinhaConta, type UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { dataBrParaIso, onlyDigits } from '@rastro/shared/validators';
import { MASCARA } from '@/components/form/MaskedFieldControl';

/**
 * The screen's rules: those of POST /users, with nome, e-mail and birth date shown as they are
 * (disabled, not validated) and the sex select's empty choice ('') meaning "not informed".
 */
export const minhaContaTelaSchema = minhaContaSchema.omit({ id: true, nivelId: true }).extend({
  nome: z.string(),
  email: z.string(),
  dataNascimento: z.string(),
  sexo: minhaContaSchema.shape.sexo.or(z.literal('').transform(() => null)),
});
export type MinhaContaTelaInput = z.input<typeof minhaContaTelaSchema>;
export type MinhaContaTelaOutput = z.output<typeof minhaContaTelaSchema>;

/** The fields a server error may name. */
export const CAMPOS_MINHA_CONTA = Object.keys(minhaContaTelaSchema.shape) as (keyof MinhaContaTelaInput)[];

const mascarar = (v: string | null, mask: string) => (v ? IMask.pipe(onlyDigits(v), { mask }) : '');
const telefone = (v: string | null) => mascarar(v, onlyDigits(v ?? '').length === 11 ? MASCARA.celular : MASCARA.telefone);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY'. */
const dataBr = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

/** The stored user as the form shows it: masks applied, nulls as empty fields. */
export function detalheParaTela(u: UsuarioDetalhe): MinhaContaTelaInput {
  return {
    nome: u.nome,
    email: u.email,
    dataNascimento: dataBr(u.dataNascimento),
    cpf: mascarar(u.cpf, MASCARA.cpf),
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
  };
}

/** The validated form as POST /users takes it: the user's id and level, birth date as 'YYYY-MM-DD'. */
export function telaParaPayload(v: MinhaContaTelaOutput, u: UsuarioDetalhe): MinhaConta {
  return {
    ...v,
    id: u.id,
    nivelId: u.nivelId,
    dataNascimento: v.dataNascimento ? dataBrParaIso(v.dataNascimento) : null,
  };
}
