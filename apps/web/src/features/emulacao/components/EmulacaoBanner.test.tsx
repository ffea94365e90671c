import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { DELAY } from '@rastro/shared/constants';
import { MSG } from '@rastro/shared/messages';
import { lerSessao, iniciarEmulacao } from '@/lib/sessao';
import { stubFetch } from '@/testing/fetch-stub';
import { loginAs, renderApp } from '@/testing/render-app';
import { LENTO } from '@/testing/mapa';

describe('emulation banner', () => {
  it('shows whom the administrator emulates and leaves the emulation', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true, toFake: ['setTimeout', 'clearTimeout'] });
    const reload = vi.spyOn(window.location, 'reload').mockImplementation(() => undefined);
    loginAs();
    iniciarEmulacao({ usuarioId: 2, nome: 'MARIA CLIENTE', authorities: [], isClient: true });
    stubFetch();
    const { user, location } = renderApp('/user/mapa');

    // The banner comes with the map's page, a lazy chunk that takes a while on a cold runner.
    expect(await screen.findByText(/Você está emulando/, {}, LENTO)).toHaveTextContent('Você está emulando MARIA CLIENTE');
    await user.click(screen.getByRole('button', { name: 'Sair da emulação' }));

    expect(await screen.findByText(MSG.saindoEmulacao)).toBeInTheDocument();
    expect(lerSessao().emulacao).toBeNull();
    await waitFor(() => expect(location()).toBe('/admin/dashboard'));
    await act(() => vi.advanceTimersByTimeAsync(DELAY.saidaEmulacao));
    expect(reload).toHaveBeenCalled();
  });

  it('is absent when nobody is emulated', async () => {
    loginAs();
    stubFetch();
    renderApp('/admin/usuarios');
    await screen.findByRole('heading', { name: 'Usuários' });
    expect(screen.queryByRole('button', { name: 'Sair da emulação' })).not.toBeInTheDocument();
  });
});
