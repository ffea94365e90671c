const km = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
const inteiro = new Intl.NumberFormat('pt-BR');

/** 1530 → '1,5 km'. */
export const formatarKm = (metros: number) => `${km.format(metros / 1000)} km`;

/** 75 → '75 min'; 1440 → '1.440 min'. */
export const formatarMinutos = (minutos: number) => `${inteiro.format(minutos)} min`;

/** '2026-11-25' → '25/11'. */
export const diaCurto = (data: string) => `${data.slice(8, 10)}/${data.slice(5, 7)}`;

/** '2026-11-25' → '25/11/2026'. */
export const diaLongo = (data: string) => `${data.slice(8, 10)}/${data.slice(5, 7)}/${data.slice(0, 4)}`;

/** The goal as a sentence: 'Meta diária: 2,0 km' / 'Meta diária: 45 min ativos'. */
export const textoMeta = (m: { tipo: 'METROS' | 'MINUTOS'; valor: number }) =>
  `Meta diária: ${m.tipo === 'METROS' ? formatarKm(m.valor) : `${formatarMinutos(m.valor)} ativos`}`;
