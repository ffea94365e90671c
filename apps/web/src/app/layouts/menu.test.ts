import { describe, expect, it } from 'vitest';
import { PER, TODAS_PERMISSOES } from '@rastro/shared/permissoes';
import { visibleMenu } from './menu';

const labels = (entries: ReturnType<typeof visibleMenu>) => entries.map((e) => (e.kind === 'divider' ? '|' : e.label)).join(', ');

const DESLIGADOS = { pagamentos: false };
const LIGADOS = { pagamentos: true };

const usuario = (authorities: readonly string[], isClient: boolean) => ({ usuarioId: 1, nome: 'X', authorities, isClient });

describe('sidebar menu', () => {
  it('gives an administrator the admin entries; with payments off, no Pagamentos', () => {
    expect(labels(visibleMenu(usuario(TODAS_PERMISSOES, false), DESLIGADOS))).toBe(
      'Dashboard, Usuários, Rastreadores, Chips, |, Notificações, |, Minha Conta, Alterar senha, Sair',
    );
  });

  it('gives a client the map, trackers and safe zones', () => {
    expect(labels(visibleMenu(usuario([], true), DESLIGADOS))).toBe(
      'Mapa GPS, Meus Rastreadores, Zonas seguras, |, Notificações, |, Minha Conta, Alterar senha, Sair',
    );
  });

  it('with payments on, shows Pagamentos to PER300 and Meus Pagamentos to clients', () => {
    expect(labels(visibleMenu(usuario(TODAS_PERMISSOES, false), LIGADOS))).toBe(
      'Dashboard, Usuários, Rastreadores, Chips, Pagamentos, |, Notificações, |, Minha Conta, Alterar senha, Sair',
    );
    expect(labels(visibleMenu(usuario([], true), LIGADOS))).toBe(
      'Mapa GPS, Meus Rastreadores, Zonas seguras, Meus Pagamentos, |, Notificações, |, Minha Conta, Alterar senha, Sair',
    );
    expect(labels(visibleMenu(usuario([PER.CHIPS], false), LIGADOS))).toBe('Chips, |, Notificações, |, Minha Conta, Alterar senha, Sair');
  });

  it('filters admin entries one role at a time', () => {
    expect(labels(visibleMenu(usuario([PER.CHIPS, PER.DASHBOARD_ENERGIA], false), DESLIGADOS))).toBe(
      'Dashboard, Chips, |, Notificações, |, Minha Conta, Alterar senha, Sair',
    );
  });
});
