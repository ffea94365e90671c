import type { Erro } from '@rastro/shared/schemas/common';
import { MSG } from '@rastro/shared/messages';

/** An error meant for the caller: status, pt-BR message and optional field errors. */
export class ErroDaApi extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Erro['errors'],
  ) {
    super(message);
    this.name = 'ErroDaApi';
  }

  toBody(): Erro {
    return this.errors
      ? { status: this.status, message: this.message, errors: this.errors }
      : { status: this.status, message: this.message };
  }
}

/** Errors of /oauth/*, which answer `{error, error_description}`. */
export class OAuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    description: string,
  ) {
    super(description);
    this.name = 'OAuthError';
  }
}

export const naoAutenticado = () => new ErroDaApi(401, MSG.naoAutenticado);
export const acessoNegado = () => new ErroDaApi(403, MSG.acessoNegado);
export const naoEncontrado = () => new ErroDaApi(404, MSG.naoEncontrado);
export const erroDeCampo = (status: number, campo: string, message: string) => new ErroDaApi(status, message, [{ campo, message }]);
