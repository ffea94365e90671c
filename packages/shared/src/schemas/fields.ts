import { z } from 'zod';
import { LIMITES } from '../constants';
import { MSG, maxCaracteres } from '../messages';
import { isCpfValido, isEmailValido, onlyDigits } from '../validators';

/** Field builders: every form and every API body composes these, so both give the same messages. */

export const obrigatorio = (max?: number) => {
  // abort: an empty field reports only 'Campo obrigatorio.', not also the format rules after it.
  const base = z.string({ error: MSG.campoObrigatorio }).trim().min(1, { error: MSG.campoObrigatorio, abort: true });
  return max ? base.max(max, maxCaracteres(max)) : base;
};

export const opcional = (max: number) => z.string().trim().max(max, maxCaracteres(max));

export const emailObrigatorio = (max: number) =>
  obrigatorio(max).refine(isEmailValido, { error: MSG.emailInvalido });

/** Optional e-mail filter: empty is fine, otherwise it must be valid. */
export const emailOpcional = (max: number) =>
  opcional(max).refine((v) => v === '' || isEmailValido(v), { error: MSG.emailInvalido });

export const cpfObrigatorio = () => obrigatorio().refine(isCpfValido, { error: MSG.cpfInvalido });

export const cpfOpcional = () =>
  z
    .string()
    .trim()
    .refine((v) => v === '' || isCpfValido(v), { error: MSG.cpfInvalido });

/** Mobile phone, masked `(99) 9 9999-9999` or digits; 10 or 11 digits with the area code. */
export const celularObrigatorio = () =>
  obrigatorio(20).refine(
    (v) => {
      const n = onlyDigits(v).length;
      return n === 10 || n === 11;
    },
    { error: MSG.campoInvalido },
  );

export const senhaNova = () =>
  z
    .string({ error: MSG.campoObrigatorio })
    .min(1, { error: MSG.campoObrigatorio, abort: true })
    .min(LIMITES.senhaMin, MSG.senhaCurta)
    .max(LIMITES.senhaMax, maxCaracteres(LIMITES.senhaMax));
