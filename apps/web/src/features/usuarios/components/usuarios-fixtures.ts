import type { UsuarioDetalhe } from '@rastro/shared/schemas/usuarios';
import { json, type StubHandler } from '@/testing/fetch-stub';

export const ESTADOS = [
  { id: 19, nome: 'Rio de Janeiro', uf: 'RJ' },
  { id: 25, nome: 'São Paulo', uf: 'SP' },
];
export const CIDADES: Record<string, { id: number; nome: string }[]> = {
  '19': [{ id: 3304557, nome: 'Rio de Janeiro' }],
  '25': [
    { id: 3509502, nome: 'Campinas' },
    { id: 3550308, nome: 'São Paulo' },
  ],
};
export const NIVEIS = [
  { id: 1, nome: 'Administrador' },
  { id: 2, nome: 'Cliente' },
];

export const MARIA: UsuarioDetalhe = {
  id: 7,
  nome: 'MARIA SILVA',
  email: 'maria@exemplo.com',
  cpf: '52998224725',
  dataNascimento: '1990-05-20',
  rg: '123456',
  sexo: 'FEMININO',
  telefoneCelular: '11987654321',
  telefoneResidencial: null,
  telefoneComercial: '1133334444',
  cep: '01001000',
  logradouro: 'PRAÇA DA SÉ',
  numero: '10',
  complemento: '',
  bairro: 'SÉ',
  referencia: null,
  estadoId: 25,
  cidadeId: 3550308,
  uf: 'SP',
  nivelId: 2,
  nivelNome: 'Cliente',
  situacao: true,
  dataCadastro: '2024-03-05T14:30:00-03:00',
};

/** The lookups every user form needs. */
export const lookups: Record<string, StubHandler> = {
  'GET /api/estados/select': () => json(200, ESTADOS),
  'GET /api/niveis/select': () => json(200, NIVEIS),
  ...Object.fromEntries(
    Object.entries(CIDADES).map(([estado, cidades]) => [`GET /api/cidades/select/${estado}`, () => json(200, cidades)]),
  ),
};
