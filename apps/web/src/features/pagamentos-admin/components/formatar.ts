/**
 * Reais as an owner types them ('29,90', '29', 'R$ 1.234,56') to integer centavos, without floats;
 * null when it is not an amount.
 */
export function reaisParaCentavos(texto: string): number | null {
  const t = texto.replace(/^\s*R\$\s*/, '').trim();
  const m = /^(\d{1,3}(?:\.\d{3})+|\d+)(?:,(\d{1,2}))?$/.exec(t);
  if (!m) return null;
  const reais = Number((m[1] ?? '').replaceAll('.', ''));
  const centavos = Number((m[2] ?? '').padEnd(2, '0'));
  const total = reais * 100 + centavos;
  return Number.isSafeInteger(total) ? total : null;
}

/** Centavos as the money field shows them: 2990 → '29,90'. */
export const centavosParaReais = (c: number) => `${Math.trunc(c / 100)},${String(c % 100).padStart(2, '0')}`;

/** 'DD/MM/AAAA' → 'YYYY-MM-DD' ('' stays ''). */
export const diaBrParaIso = (v: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(v);
  return m ? `${m[3]}-${m[2]}-${m[1]}` : '';
};

/** 'YYYY-MM-DD' → 'DD/MM/AAAA' ('' stays ''). */
export const diaIsoParaBr = (v: string | undefined) => {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(v ?? '');
  return m ? `${m[3]}/${m[2]}/${m[1]}` : '';
};
