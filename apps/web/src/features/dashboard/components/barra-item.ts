/** One bar: its category, its value and its colour. */
export interface BarraItem {
  label: string;
  valor: number;
  cor: string;
}
