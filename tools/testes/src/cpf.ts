/** A valid CPF (its two check digits computed) from a base of up to 9 digits. */
export function cpfValido(base: number | string): string {
  const d = String(base).padStart(9, '0').split('').map(Number);
  for (const n of [10, 11]) {
    const soma = d.reduce((acc, x, i) => acc + x * (n - i), 0);
    d.push(((soma * 10) % 11) % 10);
  }
  return d.join('');
}
