import { isValidCpf } from '@brazilian-utils/brazilian-utils';
import * as z from '@rastro/shared/zod';
import { MSG } from '../messages';
import { onlyDigits } from '../validators';
import { obrigatorio, textoOpcional } from './fields';

/**
 * CPF fields, apart from fields.ts: only the screens that ask for a CPF load the library that checks
 * it (the login's JavaScript has a budget, bench/web).
 */

export function isCpfValido(v: string): boolean {
  const d = onlyDigits(v);
  return d.length === 11 && isValidCpf(d);
}

export const cpfObrigatorio = () => obrigatorio().check(z.refine(isCpfValido, { error: MSG.cpfInvalido }));

export const cpfOpcional = () =>
  textoOpcional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || isCpfValido(v), { error: MSG.cpfInvalido }),
    ),
  );
