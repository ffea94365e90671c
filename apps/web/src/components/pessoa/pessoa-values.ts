import { IMask } from 'react-imask';
import type { UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { onlyDigits } from '@rastro/shared/validators';
import { MASCARA } from '@/components/form/MaskedFieldControl';

const mascarar = (v: string | null, mask: string) => (v ? IMask.pipe(onlyDigits(v), { mask }) : '');
const telefone = (v: string | null) => mascarar(v, onlyDigits(v ?? '').length === 11 ? MASCARA.celular : MASCARA.telefone);

/** 'YYYY-MM-DD' → 'DD/MM/YYYY' (the field's mask). */
const dataBr = (iso: string | null) => {
  const m = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null;
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};

/**
 * A stored person as every person form shows it (the admin user form and "Minha conta"): masks
 * applied, nulls as empty fields, the birth date as DD/MM/YYYY.
 */
export function pessoaParaTela(u: UsuarioDetalhe) {
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
  };
}
