import * as z from '@rastro/shared/zod';
import { ID_MAX, LIMITES } from '../constants';
import { SEXOS } from '../dominio';
import { MSG } from '../messages';
import { nomeado, pageSchema, paginacaoQuerySchema } from './common';
import { cpfObrigatorio, cpfOpcional } from './cpf';
import {
  cepOpcional,
  dataNascimentoBr,
  dataNascimentoIso,
  emailObrigatorio,
  emailOpcional,
  idDoFormulario,
  idOpcional,
  nuloSeAusente,
  obrigatorio,
  opcional,
  telefoneObrigatorio,
  telefoneOpcional,
} from './fields';

/** A row of the admin user list. */
export const usuarioListaSchema = nomeado(
  'UsuarioLista',
  z.object({
    id: z.int(),
    nome: z.string(),
    email: z.string(),
    cpf: z.nullable(z.string()),
    nivelNome: z.string(),
    dataCadastro: z.string(),
    /** true = ATIVO. */
    situacao: z.boolean(),
  }),
);
export type UsuarioLista = z.infer<typeof usuarioListaSchema>;
export const usuarioPageSchema = pageSchema(usuarioListaSchema);

export const USUARIO_ORDENAVEIS = ['id', 'nome', 'email', 'dataCadastro', 'situacao'] as const;
/** GET /api/usuarios: search by nome, CPF and e-mail (validated when given); default order nome. */
export const usuarioFiltroSchema = z.extend(paginacaoQuerySchema(USUARIO_ORDENAVEIS, 'nome'), {
  nome: z.optional(opcional(LIMITES.nome)),
  cpf: z.optional(cpfOpcional()),
  email: z.optional(emailOpcional(LIMITES.email)),
});
export type UsuarioFiltro = z.input<typeof usuarioFiltroSchema>;

const enderecoEContato = {
  rg: opcional(15),
  sexo: nuloSeAusente(z.enum(SEXOS)),
  telefoneCelular: telefoneObrigatorio(),
  telefoneResidencial: telefoneOpcional(),
  telefoneComercial: telefoneOpcional(),
  cep: cepOpcional(),
  logradouro: opcional(50),
  numero: opcional(5),
  complemento: opcional(100),
  bairro: opcional(100),
  referencia: opcional(100),
  estadoId: idOpcional(),
  cidadeId: idOpcional(),
};

/**
 * POST /api/usuarios (create, or update when id is given). Phones and CEP may come masked; the
 * server keeps digits. dataNascimento is 'YYYY-MM-DD' or null.
 */
export const usuarioFormSchema = z.object({
  id: idDoFormulario(),
  nome: obrigatorio(LIMITES.nome),
  email: emailObrigatorio(LIMITES.email),
  cpf: cpfObrigatorio(),
  dataNascimento: dataNascimentoIso(),
  nivelId: z.number({ error: MSG.campoObrigatorio }).check(z.int(), z.positive(MSG.campoObrigatorio), z.lte(ID_MAX, MSG.campoInvalido)),
  ...enderecoEContato,
});
export type UsuarioForm = z.infer<typeof usuarioFormSchema>;

/** The same rules with the birth date as the form shows it (DD/MM/YYYY); the web converts it. */
export const usuarioFormTelaSchema = z.extend(usuarioFormSchema, { dataNascimento: dataNascimentoBr() });
export type UsuarioFormTela = z.infer<typeof usuarioFormTelaSchema>;

/**
 * POST /users (Minha conta): the logged user's own data. nome, e-mail, birth date and level are
 * shown but not changed (they may be sent and are ignored); the CPF is kept once set.
 */
export const minhaContaSchema = z.object({
  id: idDoFormulario(),
  nome: z.optional(z.nullable(z.string())),
  email: z.optional(z.nullable(z.string())),
  dataNascimento: z.optional(z.nullable(z.string())),
  nivelId: z.optional(z.nullable(z.int())),
  cpf: cpfObrigatorio(),
  ...enderecoEContato,
});
export type MinhaConta = z.infer<typeof minhaContaSchema>;

/** GET /api/usuarios/{id} and GET /users/{id}. */
export const usuarioDetalheSchema = nomeado(
  'UsuarioDetalhe',
  z.object({
    id: z.int(),
    nome: z.string(),
    email: z.string(),
    cpf: z.nullable(z.string()),
    dataNascimento: z.nullable(z.string()),
    rg: z.nullable(z.string()),
    sexo: z.nullable(z.enum(SEXOS)),
    telefoneCelular: z.nullable(z.string()),
    telefoneResidencial: z.nullable(z.string()),
    telefoneComercial: z.nullable(z.string()),
    cep: z.nullable(z.string()),
    logradouro: z.nullable(z.string()),
    numero: z.nullable(z.string()),
    complemento: z.nullable(z.string()),
    bairro: z.nullable(z.string()),
    referencia: z.nullable(z.string()),
    estadoId: z.nullable(z.int()),
    cidadeId: z.nullable(z.int()),
    uf: z.nullable(z.string()),
    nivelId: z.int(),
    nivelNome: z.string(),
    situacao: z.boolean(),
    dataCadastro: z.string(),
  }),
);
export type UsuarioDetalhe = z.infer<typeof usuarioDetalheSchema>;

/** GET /api/usuarios/{id}/emulacao: what the web app needs to act as that user. */
export const emulacaoSchema = nomeado(
  'Emulacao',
  z.object({ usuarioId: z.int(), nome: z.string(), authorities: z.array(z.string()), isClient: z.boolean() }),
);
export type Emulacao = z.infer<typeof emulacaoSchema>;
