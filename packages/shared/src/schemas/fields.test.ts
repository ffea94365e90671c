import * as z from '@rastro/shared/zod';
import { describe, expect, it } from 'vitest';
import { MSG } from '../messages';
import { cadastroSchema } from './auth';
import { chipFormSchema } from './chips';
import { cepOpcional, idDoFormulario, idOpcional, opcional } from './fields';
import { linkFormSchema } from './links';
import { meuRastreadorFormSchema } from './meus-rastreadores';
import { usuarioFormSchema } from './usuarios';
import { zonaFormSchema } from './zonas';

describe('optional fields', () => {
  const form = z.object({ rg: opcional(15), cep: cepOpcional(), estadoId: idOpcional(), id: idDoFormulario() });

  it('read a left-out or null key as blank (text), null (select) or absent (id)', () => {
    expect(form.parse({})).toEqual({ rg: '', cep: '', estadoId: null });
    expect(form.parse({ rg: null, cep: null, estadoId: null, id: null })).toEqual({ rg: '', cep: '', estadoId: null });
    expect(form.parse({ rg: ' 12.345 ', cep: '01310-100', estadoId: 3, id: 7 })).toEqual({
      rg: '12.345',
      cep: '01310-100',
      estadoId: 3,
      id: 7,
    });
  });

  it('still check a value that is there', () => {
    const r = form.safeParse({ rg: '1'.repeat(16), cep: '123', estadoId: 0, id: -1 });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.path.join('.')).sort()).toEqual(['cep', 'estadoId', 'id', 'rg']);
  });
});

describe('names and texts people read', () => {
  const ENGANOS = [
    ['a bidi override', 'CASA\u202Egpj.exe'],
    ['a bidi isolate', 'MEL\u2066X\u2069'],
    ['a zero-width space', 'TH\u200BOR'],
    ['a left-to-right mark', 'THOR\u200E'],
    ['a byte-order mark inside', 'TH\uFEFFOR'],
    ['a soft hyphen', 'PI\u00ADPOCA'],
    ['a line break', 'THOR\nMEL'],
    ['a tab', 'THOR\tMEL'],
    ['a NUL', 'THOR\u0000'],
    ['an escape', 'THOR\u001B[31m'],
    ['a C1 control', 'THOR\u0085'],
    ['a tag character', 'THOR\u{E0041}'],
  ] as const;

  const schemas = {
    'cadastro nome': (nome: string) =>
      cadastroSchema.safeParse({ nome, email: 'a@b.co', telefoneCelular: '11987654321', senha: 'senha-123456' }),
    'usuário nome': (nome: string) => usuarioFormSchema.shape.nome.safeParse(nome),
    'usuário complemento': (v: string) => usuarioFormSchema.shape.complemento.safeParse(v),
    'pet (descrição)': (descricao: string) => meuRastreadorFormSchema.shape.descricao.safeParse(descricao),
    'zona nome': (nome: string) => zonaFormSchema.safeParse({ nome, tipo: 'CIRCULO', latitude: -23.5, longitude: -46.6, raioMetros: 100 }),
    'chip descrição': (descricao: string) => chipFormSchema.shape.descricao.safeParse(descricao),
    'link mensagem': (mensagem: string) => linkFormSchema.safeParse({ horas: 2, mensagem }),
  };

  it('refuse Unicode control and format characters, with one pt-BR message', () => {
    for (const [campo, validar] of Object.entries(schemas)) {
      for (const [engano, texto] of ENGANOS) {
        // The link message is multi-line: its line break is text (checked below).
        if (campo === 'link mensagem' && engano === 'a line break') continue;
        const r = validar(texto);
        expect(r.success, `${campo}: ${engano}`).toBe(false);
        expect(
          r.error?.issues.map((i) => i.message),
          `${campo}: ${engano}`,
        ).toEqual([MSG.caracteresInvisiveis]);
      }
    }
  });

  it('accept accents, symbols and emoji, joined ones included (🐕‍🦺, 👩🏽‍🚒)', () => {
    for (const [campo, validar] of Object.entries(schemas)) {
      for (const texto of ['JOÃO D’ÁVILA', 'Ação & Cia. #1', 'THOR 🐕‍🦺', 'Bombeira 👩🏽‍🚒', 'Família 👨‍👩‍👧', 'ﷺ 😀']) {
        expect(validar(texto).success, `${campo}: ${texto}`).toBe(true);
      }
    }
  });

  it('a lone zero-width joiner, outside an emoji sequence, is still refused', () => {
    expect(schemas['pet (descrição)']('THOR\u200DMEL').success).toBe(false);
    expect(schemas['pet (descrição)']('🐕\u200D').success).toBe(false);
  });

  it('the link message keeps its line breaks (LF or CRLF), and nothing else invisible', () => {
    expect(linkFormSchema.parse({ horas: 2, mensagem: 'Se encontrar,\nligue (11) 98888-7777\r\nObrigado!' }).mensagem).toBe(
      'Se encontrar,\nligue (11) 98888-7777\r\nObrigado!',
    );
    expect(linkFormSchema.safeParse({ horas: 2, mensagem: 'Se encontrar\rligue' }).success).toBe(false);
  });
});
