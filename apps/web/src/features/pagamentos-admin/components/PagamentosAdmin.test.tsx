import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, pagina } from '@/testing/fixtures';
import { adminToken, loginAs, renderApp } from '@/testing/render-app';

describe('Pagamentos (administrator, payments on): two tabs, the tab in the address', () => {
  it('opens on Cobranças and keeps Planos in the address, Back returning to Cobranças', async () => {
    loginAs(adminToken);
    stubFetch({
      'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true, automatico: false } }),
      'GET /api/pagamentos': () => json(200, { ...pagina([]), totais: { pendenteCentavos: 0, pagoCentavos: 0, vencidoCentavos: 0 } }),
      'GET /api/planos': () => json(200, []),
    });
    const { user, location, router } = renderApp('/admin/pagamentos');
    const cobrancas = await screen.findByRole('tab', { name: 'Cobranças' }, LENTO);
    expect(cobrancas).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Cobranças' })).toBeInTheDocument();

    await user.click(screen.getByRole('tab', { name: 'Planos' }));
    expect(location()).toBe('/admin/pagamentos?aba=planos');
    expect(await screen.findByRole('tabpanel', { name: 'Planos' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Cadastrar plano' })).toBeInTheDocument();

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Cobranças' })).toHaveAttribute('aria-selected', 'true'));
    expect(location()).toBe('/admin/pagamentos');
  });
});
