import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, pagina, perdidoPor, pet } from '../perdido-fixtures';
import { horaDoFim } from './formatar';

/** Lost mode and sharing on a 390 px phone: the pets are cards, the dialogs fill the screen. */

const LINKS = '/api/usuarios/rastreadores/4/links';
const URL_LINK = 'https://rastro.example/p/abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

const larguraOriginal = window.innerWidth;
beforeEach(() => {
  window.innerWidth = 390;
  loginAs(clientToken);
});
afterEach(() => {
  window.innerWidth = larguraOriginal;
});

describe('lost mode and sharing at 390 px', () => {
  it('shows the chip on the lost pet card and reaches both actions from its menu', async () => {
    const lost = perdidoPor(4);
    stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([pet({ modoPerdido: lost })])),
      [`GET ${LINKS}`]: () => json(200, []),
    });
    const { user } = renderApp('/user/meus-rastreadores');

    const titulo = await screen.findByRole('heading', { name: /^REX/ }, LENTO);
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(titulo).toHaveTextContent(`Modo perdido até ${horaDoFim(lost.ate)}`);
    await user.click(screen.getByRole('button', { name: 'Ações do registro 4' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Desativar modo perdido' })).toBeInTheDocument();
    await user.click(within(menu).getByRole('menuitem', { name: 'Compartilhar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Compartilhar REX' });
    expect(dialog).toHaveClass('MuiDialog-paperFullScreen');
    expect(await within(dialog).findByText('Nenhum link ativo.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Fechar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('offers the phone share sheet and, without a clipboard, leaves the link selected to copy', async () => {
    const share = vi.fn<(data: ShareData) => Promise<void>>(() => Promise.resolve());
    stubFetch({
      'GET /api/usuarios/rastreadores/4': () => json(200, pet()),
      'GET /api/localizacoes': () => json(200, pagina([])),
      [`GET ${LINKS}`]: () => json(200, []),
      [`POST ${LINKS}`]: () => json(201, { id: 40, url: URL_LINK, expiraEm: '2025-03-05T12:00:00.000Z' }),
    });
    const { user } = renderApp('/user/rastreadores/detalhe/4');
    expect(await screen.findByRole('button', { name: 'Ativar modo perdido' }, LENTO)).toBeVisible();
    // user-event installs its clipboard at setup: take it away after, and add the share sheet.
    const clipboard = Object.getOwnPropertyDescriptor(navigator, 'clipboard');
    Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true });
    Object.defineProperty(navigator, 'share', { value: share, configurable: true });
    onTestFinished(() => {
      if (clipboard) Object.defineProperty(navigator, 'clipboard', clipboard);
      Reflect.deleteProperty(navigator, 'share');
    });

    await user.click(screen.getByRole('button', { name: 'Compartilhar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Compartilhar REX' });
    await user.click(within(dialog).getByRole('button', { name: 'Criar link' }));
    const campo = await within(dialog).findByRole<HTMLInputElement>('textbox', { name: 'Link' });

    await user.click(within(dialog).getByRole('button', { name: 'Compartilhar' }));
    expect(share).toHaveBeenCalledWith({ title: 'Onde está REX', text: 'Veja onde está REX.', url: URL_LINK });

    await user.click(within(dialog).getByRole('button', { name: 'Copiar link' }));
    expect(await screen.findByText('Não foi possível copiar. O link está selecionado: copie-o.')).toBeInTheDocument();
    expect(campo).toHaveFocus();
    expect(campo.value.slice(campo.selectionStart ?? 0, campo.selectionEnd ?? 0)).toBe(URL_LINK);
  });
});
