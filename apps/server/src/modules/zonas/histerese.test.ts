import { describe, expect, it } from 'vitest';
import { decidir, type Decisao, type EstadoNaZona } from './histerese';

const regras = { confirmacoes: 2, margemMetros: 50 };

/** Applies distances (metres from the border, negative inside) with a 20 m accuracy; returns the transitions. */
function percorrer(distancias: number[], inicial?: EstadoNaZona, precisao = 20) {
  let estado = inicial;
  const transicoes: string[] = [];
  for (const d of distancias) {
    const r: Decisao = decidir(estado, d, precisao, regras);
    if (r.tipo === 'novo') {
      estado = r.estado;
      if (r.transicao) transicoes.push(r.transicao);
    }
  }
  return { estado, transicoes };
}

describe('hysteresis of a zone', () => {
  it('the first position that can tell decides silently; an uncertain one decides nothing', () => {
    expect(decidir(undefined, 5, 20, regras)).toEqual({ tipo: 'igual' });
    expect(decidir(undefined, -30, 20, regras)).toEqual({ tipo: 'novo', estado: { estado: 'DENTRO', pendentes: 0 }, transicao: null });
    expect(decidir(undefined, 300, 20, regras)).toEqual({ tipo: 'novo', estado: { estado: 'FORA', pendentes: 0 }, transicao: null });
  });

  it('changes side after two consecutive positions whose whole circle is across', () => {
    expect(percorrer([-30, 25, 30]).transicoes).toEqual(['SAIDA']);
    expect(percorrer([-30, 25, -30, 25, -30]).transicoes).toEqual([]);
    // An uncertain position breaks the streak.
    expect(percorrer([-30, 25, 10, 25]).transicoes).toEqual([]);
    expect(percorrer([-30, 25, 10, 25, 40]).transicoes).toEqual(['SAIDA']);
  });

  it('one position more than the margin beyond the border is enough', () => {
    expect(percorrer([-30, 71]).transicoes).toEqual(['SAIDA']);
    expect(percorrer([-30, 69]).transicoes).toEqual([]);
    expect(percorrer([100, -71]).transicoes).toEqual(['ENTRADA']);
  });

  it('a wide uncertainty circle across the border never counts', () => {
    expect(percorrer([-500, 150, 200, 250], undefined, 300).transicoes).toEqual([]);
    expect(percorrer([-500, 150, 200, 350, 400], undefined, 300).transicoes).toEqual(['SAIDA']);
  });

  it('writes nothing while the tracker stays on its side', () => {
    expect(decidir({ estado: 'DENTRO', pendentes: 0 }, -40, 20, regras)).toEqual({ tipo: 'igual' });
    expect(decidir({ estado: 'DENTRO', pendentes: 1 }, -40, 20, regras)).toEqual({
      tipo: 'novo',
      estado: { estado: 'DENTRO', pendentes: 0 },
      transicao: null,
    });
  });

  it('a crossing within the wait after the last one is held, and the first position after the wait crosses', () => {
    const comEspera = { ...regras, intervaloMinimoMs: 60_000 };
    const saiu = decidir({ estado: 'DENTRO', pendentes: 0, transicaoEm: null }, 100, 20, comEspera, 0);
    expect(saiu).toEqual({ tipo: 'novo', estado: { estado: 'FORA', pendentes: 0, transicaoEm: 0 }, transicao: 'SAIDA' });
    const fora = { estado: 'FORA' as const, pendentes: 0, transicaoEm: 0 };
    // 10 s later, far inside: held outside, one short of confirming.
    expect(decidir(fora, -100, 20, comEspera, 10_000)).toEqual({ tipo: 'novo', estado: { ...fora, pendentes: 1 }, transicao: null });
    expect(decidir({ ...fora, pendentes: 1 }, -100, 20, comEspera, 59_999)).toEqual({ tipo: 'igual' });
    // The wait is over: the next position inside crosses.
    expect(decidir({ ...fora, pendentes: 1 }, -30, 20, comEspera, 60_000)).toEqual({
      tipo: 'novo',
      estado: { estado: 'DENTRO', pendentes: 0, transicaoEm: 60_000 },
      transicao: 'ENTRADA',
    });
  });
});
