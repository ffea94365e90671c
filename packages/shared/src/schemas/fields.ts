import * as z from '@rastro/shared/zod';
import { ID_MAX, LIMITES } from '../constants';
import { MSG, maxCaracteres } from '../messages';
import {
  compararDatas,
  dataDeDate,
  idadeEmAnos,
  isEmailValido,
  onlyDigits,
  parseData,
  temCaracteresInvisiveis,
  type DataSimples,
} from '../validators';
import { IDADE_MINIMA } from '../constants';
import { idadeMinima } from '../messages';

/** Field builders: every form and every API body composes these, so both give the same messages. */

/**
 * No control or invisible character (validators.ts): every text field built here is read by
 * someone (a name on the map, in a push title, in an e-mail). `quebrasDeLinha`: a multi-line text.
 */
export const semCaracteresInvisiveis = (quebrasDeLinha = false) =>
  z.refine<string>((v) => !temCaracteresInvisiveis(v, quebrasDeLinha), { error: MSG.caracteresInvisiveis });

export const obrigatorio = (max?: number) => {
  // abort: an empty field reports only 'Campo obrigatório.', not also the format rules after it.
  const base = z
    .string({ error: MSG.campoObrigatorio })
    .check(z.trim(), z.minLength(1, { error: MSG.campoObrigatorio, abort: true }), semCaracteresInvisiveis());
  return max ? base.check(z.maxLength(max, maxCaracteres(max))) : base;
};

/**
 * Optional, as the API means it everywhere: the key may be left out or sent as null. A text field
 * then reads as '' (the same as left blank), so the rules after it see a string.
 */
export const textoOpcional = <T extends z.ZodMiniType<string, string>>(texto: T) =>
  z.pipe(
    z.pipe(
      z.nullish(z.string()),
      z.transform((v: string | null | undefined) => v ?? ''),
    ),
    texto,
  );

/** An optional value that reads as null when left out or null (a select with nothing chosen). */
export const nuloSeAusente = <T extends z.ZodMiniType>(valor: T) => z._default(z.nullable(valor), null);

/** An optional value that reads as absent when left out or null (an id: none means create). */
export const ausenteSeNulo = <T extends z.ZodMiniType>(valor: T) =>
  z.optional(
    z.pipe(
      z.nullish(valor),
      z.transform((v: z.output<T> | null | undefined) => v ?? undefined),
    ),
  );

export const opcional = (max: number) =>
  textoOpcional(z.string().check(z.trim(), z.maxLength(max, maxCaracteres(max)), semCaracteresInvisiveis()));

export const emailObrigatorio = (max: number) => obrigatorio(max).check(z.refine(isEmailValido, { error: MSG.emailInvalido }));

/** Optional e-mail filter: empty is fine, otherwise it must be valid. */
export const emailOpcional = (max: number) =>
  opcional(max).check(z.refine((v) => v === '' || isEmailValido(v), { error: MSG.emailInvalido }));

const telefoneDigitos = (v: string) => {
  const n = onlyDigits(v).length;
  return n === 10 || n === 11;
};

/** Mobile phone, masked `(99) 9 9999-9999` or digits; 10 or 11 digits with the area code. */
export const celularObrigatorio = () => obrigatorio(20).check(z.refine(telefoneDigitos, { error: MSG.campoInvalido }));

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
  textoOpcional(
    z.string().check(
      z.trim(),
      z.maxLength(20),
      z.refine((v) => v === '' || telefoneDigitos(v), { error: MSG.telefoneInvalido }),
    ),
  );

/** Optional CEP: empty or 8 digits (masked 99999-999 or not). */
export const cepOpcional = () =>
  textoOpcional(
    z.string().check(
      z.trim(),
      z.refine((v) => v === '' || onlyDigits(v).length === 8, { error: MSG.cepInvalido }),
    ),
  );

/** Optional positive id from a select (left out or null = none). */
export const idOpcional = () => nuloSeAusente(z.int().check(z.positive(), z.lte(ID_MAX)));

/** The id of a form that creates, or updates when given (left out or null = create). */
export const idDoFormulario = () => ausenteSeNulo(z.int().check(z.positive(), z.lte(ID_MAX)));

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
  nuloSeAusente(z.string().check(z.trim())).check(
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

/**
 * The activation code printed on a tracker's box: 6 to 12 letters or digits, read in capitals
 * (the box's print is); blank, left out or null = none.
 */
export const codigoAtivacaoOpcional = () =>
  textoOpcional(z.string().check(z.trim(), z.toUpperCase(), z.regex(/^(?:[A-Z0-9]{6,12})?$/, MSG.codigoAtivacaoInvalido)));
