import { z } from 'zod';
import { ID_MAX, LIMITES } from '../constants';
import { SEXOS } from '../dominio';
import { MSG } from '../messages';
import { paginacaoQuerySchema, pageSchema } from './common';
import {
  cepOpcional,
  cpfObrigatorio,
  cpfOpcional,
  dataNascimentoBr,
  dataNascimentoIso,
  emailObrigatorio,
  emailOpcional,
  idOpcional,
  obrigatorio,
  opcional,
  telefoneObrigatorio,
  telefoneOpcional,
} from './fields';

/** A row of the admin user list. */
export const usuarioListaSchema = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    nivelNome: z.string(),
    dataCadastro: z.string(),
    /** true = ATIVO. */
    situacao: z.boolean(),
  })
  .meta({ id: 'UsuarioLista' });
export type UsuarioLista = z.infer<typeof usuarioListaSchema>;
export const usuarioPageSchema = pageSchema(usuarioListaSchema);

export const USUARIO_ORDENAVEIS = ['id', 'nome', 'email', 'dataCadastro', 'situacao'] as const;
/** GET /api/usuarios: search by nome, CPF and e-mail (validated when given); default order nome. */
export const usuarioFiltroSchema = paginacaoQuerySchema(USUARIO_ORDENAVEIS, 'nome').extend({
  nome: opcional(LIMITES.nome).optional(),
  cpf: cpfOpcional().optional(),
  email: emailOpcional(LIMITES.email).optional(),
});
export type UsuarioFiltro = z.input<typeof usuarioFiltroSchema>;

const enderecoEContato = {
  rg: opcional(15),
  sexo: z.enum(SEXOS).nullable(),
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
  id: z.number().int().positive().max(ID_MAX).optional(),
  nome: obrigatorio(LIMITES.nome),
  email: emailObrigatorio(LIMITES.email),
  cpf: cpfObrigatorio(),
  dataNascimento: dataNascimentoIso(),
  nivelId: z.number({ error: MSG.campoObrigatorio }).int().positive(MSG.campoObrigatorio).max(ID_MAX, MSG.campoInvalido),
  ...enderecoEContato,
});
export type UsuarioForm = z.infer<typeof usuarioFormSchema>;

/** The same rules with the birth date as the form shows it (DD/MM/YYYY); the web converts it. */
export const usuarioFormTelaSchema = usuarioFormSchema.extend({ dataNascimento: dataNascimentoBr() });
export type UsuarioFormTela = z.infer<typeof usuarioFormTelaSchema>;

/**
 * POST /users (Minha conta): the logged user's own data. nome, e-mail, birth date and level are
 * shown but not changed (they may be sent and are ignored); the CPF is kept once set.
 */
export const minhaContaSchema = z.object({
  id: z.number().int().positive().max(ID_MAX).optional(),
  nome: z.string().optional(),
  email: z.string().optional(),
  dataNascimento: z.string().nullable().optional(),
  nivelId: z.number().int().nullable().optional(),
  cpf: cpfObrigatorio(),
  ...enderecoEContato,
});
export type MinhaConta = z.infer<typeof minhaContaSchema>;

/** GET /api/usuarios/{id} and GET /users/{id}. */
export const usuarioDetalheSchema = z
  .object({
    id: z.number().int(),
    nome: z.string(),
    email: z.string(),
    cpf: z.string().nullable(),
    dataNascimento: z.string().nullable(),
    rg: z.string().nullable(),
    sexo: z.enum(SEXOS).nullable(),
    telefoneCelular: z.string().nullable(),
    telefoneResidencial: z.string().nullable(),
    telefoneComercial: z.string().nullable(),
    cep: z.string().nullable(),
    logradouro: z.string().nullable(),
    numero: z.string().nullable(),
    complemento: z.string().nullable(),
    bairro: z.string().nullable(),
    referencia: z.string().nullable(),
    estadoId: z.number().int().nullable(),
    cidadeId: z.number().int().nullable(),
    uf: z.string().nullable(),
    nivelId: z.number().int(),
    nivelNome: z.string(),
    situacao: z.boolean(),
    dataCadastro: z.string(),
  })
  .meta({ id: 'UsuarioDetalhe' });
export type UsuarioDetalhe = z.infer<typeof usuarioDetalheSchema>;

/** GET /api/usuarios/{id}/emulacao: what the web app needs to act as that user. */
export const emulacaoSchema = z
  .object({ usuarioId: z.number().int(), nome: z.string(), authorities: z.array(z.string()), isClient: z.boolean() })
  .meta({ id: 'Emulacao' });
export type Emulacao = z.infer<typeof emulacaoSchema>;
