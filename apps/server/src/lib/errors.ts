import type { Erro } from '@rastro/shared/schemas/common';
import { MSG } from '@rastro/shared/messages';

/** An error meant for the caller: status, pt-BR message and optional field errors. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors?: Erro['errors'],
  ) {
    super(message);
    this.name = 'AppError';
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

export const naoAutenticado = () => new AppError(401, MSG.naoAutenticado);
export const acessoNegado = () => new AppError(403, MSG.acessoNegado);
export const naoEncontrado = () => new AppError(404, MSG.naoEncontrado);
export const erroDeCampo = (status: number, campo: string, message: string) => new AppError(status, message, [{ campo, message }]);
