import { beforeEach, describe, expect, it } from 'vitest';
import { DADOS_LOCAIS_DO_USUARIO } from '@/lib/dados-locais';
import { guardarVista, lerVista, type VistaGuardada } from './vista-guardada';

const JANELA = { largura: 390, altura: 844 };
const vista: VistaGuardada = {
  dono: '7',
  centro: [-23.55, -46.63],
  zoom: 15,
  caixa: { x: 0, y: 56, largura: 390, altura: 788 },
  janela: JANELA,
  camada: { tileUrl: 'http://127.0.0.1:9/{z}/{x}/{y}.png', attribution: '© OpenStreetMap' },
};

describe('the map view kept in the browser', () => {
  beforeEach(() => window.localStorage.clear());

  it('is read back by whoever kept it, in a window of the same size', () => {
    guardarVista(vista);
    expect(lerVista('7', JANELA)).toEqual(vista);
    guardarVista({ ...vista, camada: null });
    expect(lerVista('7', JANELA)?.camada).toBeNull();
  });

  it('is not read by another user, by nobody, or in a window of another size', () => {
    guardarVista(vista);
    expect(lerVista('8', JANELA)).toBeNull();
    expect(lerVista('7:9', JANELA)).toBeNull();
    expect(lerVista(null, JANELA)).toBeNull();
    expect(lerVista('7', { largura: 844, altura: 390 })).toBeNull();
  });

  it('ignores what is not a view it kept', () => {
    const chave = DADOS_LOCAIS_DO_USUARIO.vistaDoMapa;
    const errados: unknown[] = [
      'não é JSON',
      { ...vista, versao: 2 },
      { ...vista, versao: 1, centro: [-23.55] },
      { ...vista, versao: 1, centro: [-123, -46] },
      { ...vista, versao: 1, zoom: 'longe' },
      { ...vista, versao: 1, caixa: { x: 0, y: 0, largura: 0, altura: 10 } },
      { ...vista, versao: 1, camada: { tileUrl: 1 } },
    ];
    for (const e of errados) {
      window.localStorage.setItem(chave, typeof e === 'string' ? e : JSON.stringify(e));
      expect(lerVista('7', JANELA)).toBeNull();
    }
  });
});
