import * as z from '@rastro/shared/zod';
import { ID_MAX, LIMITES } from '../constants';
import { MSG, maxCaracteres } from '../messages';
import { compararDatas, dataDeDate, idadeEmAnos, isCpfValido, isEmailValido, onlyDigits, parseData, type DataSimples } from '../validators';
import { IDADE_MINIMA } from '../constants';
import { idadeMinima } from '../messages';

/** Field builders: every form and every API body composes these, so both give the same messages. */

export const obrigatorio = (max?: number) => {
  // abort: an empty field reports only 'Campo obrigatorio.', not also the format rules after it.
  const base = z.string({ error: MSG.campoObrigatorio }).check(z.trim(), z.minLength(1, { error: MSG.campoObrigatorio, abort: true }));
  return max ? base.check(z.maxLength(max, maxCaracteres(max))) : base;
};

export const opcional = (max: number) => z.string().check(z.trim(), z.maxLength(max, maxCaracteres(max)));

export const emailObrigatorio = (max: number) =>
  obrigatorio(max).check(z.refine(isEmailValido, { error: MSG.emailInvalido }));

/** Optional e-mail filter: empty is fine, otherwise it must be valid. */
export const emailOpcional = (max: number) =>
  opcional(max).check(z.refine((v) => v === '' || isEmailValido(v), { error: MSG.emailInvalido }));

export const cpfObrigatorio = () => obrigatorio().check(z.refine(isCpfValido, { error: MSG.cpfInvalido }));

export const cpfOpcional = () =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || isCpfValido(v), { error: MSG.cpfInvalido }),
  );

const telefoneDigitos = (v: string) => {
  const n = onlyDigits(v).length;
  return n === 10 || n === 11;
};

/** Mobile phone, masked `(99) 9 9999-9999` or digits; 10 or 11 digits with the area code. */
export const celularObrigatorio = () =>
  obrigatorio(20).check(z.refine(telefoneDigitos, { error: MSG.campoInvalido }));

export const senhaNova = () =>
  z
    .string({ error: MSG.campoObrigatorio })
    .check(
      z.minLength(1, { error: MSG.campoObrigatorio, abort: true }),
      z.minLength(LIMITES.senhaMin, MSG.senhaCurta),
      z.maxLength(LIMITES.senhaMax, maxCaracteres(LIMITES.senhaMax)),
    );

/** Any phone with area code (10 or 11 digits), required. */
export const telefoneObrigatorio = () => obrigatorio(20).check(z.refine(telefoneDigitos, { error: MSG.telefoneInvalido }));
/** Optional phone: empty, or 10/11 digits. */
export const telefoneOpcional = () =>
  z.string().check(
    z.trim(),
    z.maxLength(20),
    z.refine((v) => v === '' || telefoneDigitos(v), { error: MSG.telefoneInvalido }),
  );

/** Optional CEP: empty or 8 digits (masked 99999-999 or not). */
export const cepOpcional = () =>
  z.string().check(
    z.trim(),
    z.refine((v) => v === '' || onlyDigits(v).length === 8, { error: MSG.cepInvalido }),
  );

/** Optional positive id from a select ('' or null = none). */
export const idOpcional = () => z.nullable(z.int().check(z.positive(), z.lte(ID_MAX)));

/** The birth-date rule: a real date, not after today, over IDADE_MINIMA years. */
function erroNascimento(d: DataSimples | null): string | null {
  if (!d) return MSG.dataInvalida;
  const hoje = dataDeDate(new Date());
  if (compararDatas(d, hoje) > 0) return MSG.dataMenorOuIgualHoje;
  if (idadeEmAnos(d, hoje) < IDADE_MINIMA) return idadeMinima(IDADE_MINIMA);
  return null;
}

/**
 * Birth date as the API carries it ('YYYY-MM-DD'), optional: not after today and over
 * IDADE_MINIMA years (spec §5, admin user).
 */
export const dataNascimentoIso = () =>
  z.nullable(z.string().check(z.trim())).check(
    z.superRefine((v, ctx) => {
      if (!v) return;
      const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v);
      const erro = erroNascimento(m ? parseData(`${m[3]}/${m[2]}/${m[1]}`) : null);
      if (erro) ctx.addIssue({ code: 'custom', message: erro });
    }),
  );

/** Birth date as the form shows it ('DD/MM/YYYY'), same rules. */
export const dataNascimentoBr = () =>
  z.string().check(
    z.trim(),
    z.superRefine((v, ctx) => {
      if (!v) return;
      const erro = erroNascimento(parseData(v));
      if (erro) ctx.addIssue({ code: 'custom', message: erro });
    }),
  );

/** ISO date-time with offset, as dates travel on the wire. */
export const dataHora = () => z.string();

/** The numeric 'código' filter of the lists (max 5 digits). */
export const codigoFiltro = () =>
  z.string().check(z.trim(), z.maxLength(LIMITES.codigo, maxCaracteres(LIMITES.codigo)), z.regex(/^\d*$/, MSG.campoInvalido));
