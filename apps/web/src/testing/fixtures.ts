import { TODAS_PERMISSOES } from '@rastro/shared/roles';
import type { TokenResponse } from '@rastro/shared/schemas/auth';

export const adminToken: TokenResponse = {
  access_token: 'token-admin',
  token_type: 'bearer',
  expires_in: 3600,
  usuarioId: 1,
  nome: 'ADMINISTRADOR',
  email: 'admin@rastro.local',
  authorities: [...TODAS_PERMISSOES],
  isClient: false,
};

export const clientToken: TokenResponse = {
  access_token: 'token-cliente',
  token_type: 'bearer',
  expires_in: 3600,
  usuarioId: 2,
  nome: 'MARIA CLIENTE',
  email: 'maria@exemplo.com',
  authorities: [],
  isClient: true,
};
