import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG } from '@rastro/shared/messages';
import type { Plano } from '@rastro/shared/schemas/pagamentos';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { LENTO } from '@/testing/fixtures';
import { adminToken, loginAs, renderApp } from '@/testing/render-app';

const LIGADOS = { 'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true, automatico: false } }) };

const plano = (over: Partial<Plano> = {}): Plano => ({
  id: 1,
  nome: 'Mensal',
  descricao: null,
  valorCentavos: 2990,
  periodo: 'MENSAL',
  diasCarencia: 7,
  ativo: true,
  dataCadastro: '2026-01-01T12:00:00.000Z',
  ...over,
});

describe('Pagamentos › Planos (administrator, payments on)', () => {
  it('lists every plan, the inactive ones marked, and creates one typed in reais as integer centavos', async () => {
    loginAs(adminToken);
    let planos = [plano(), plano({ id: 2, nome: 'Antigo', valorCentavos: 1990, ativo: false })];
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/planos': () => json(200, planos),
      'POST /api/planos': () => {
        planos = [...planos, plano({ id: 3, nome: 'Básico', valorCentavos: 2990 })];
        return json(201, planos.at(-1));
      },
    });
    const { user } = renderApp('/admin/pagamentos?aba=planos');
    const lista = await screen.findByRole('list', { name: 'Planos' }, LENTO);
    expect(net.calls('GET /api/planos')[0]?.url.searchParams.get('inativos')).toBe('true');
    const [mensal, antigo] = within(lista).getAllByRole('listitem');
    expect(mensal).toHaveTextContent('R$ 29,90 por mês');
    expect(mensal).toHaveTextContent('7 dias de carência');
    expect(antigo).toHaveTextContent('Inativo');
    expect(within(antigo ?? lista).queryByRole('button', { name: /Inativar/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cadastrar plano' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Cadastrar plano' });
    expect(within(dialogo).getByRole('textbox', { name: /^Dias de carência/ })).toHaveValue('7');
    await user.type(within(dialogo).getByRole('textbox', { name: /^Nome/ }), 'Básico');
    await user.type(within(dialogo).getByRole('textbox', { name: /^Descrição/ }), 'Chip e rastreamento');
    const valor = within(dialogo).getByRole('textbox', { name: /^Valor/ });
    await user.type(valor, '29,999');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    expect(await within(dialogo).findByText(MSG.valorReaisInvalido)).toBeInTheDocument();
    expect(net.calls('POST /api/planos')).toHaveLength(0);

    await user.clear(valor);
    await user.type(valor, '29,90');
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(net.calls('POST /api/planos')).toHaveLength(1));
    expect(JSON.parse(net.calls('POST /api/planos')[0]?.body ?? '')).toEqual({
      nome: 'Básico',
      descricao: 'Chip e rastreamento',
      valorCentavos: 2990,
      periodo: 'MENSAL',
      diasCarencia: 7,
    });
    expect(await screen.findByText(MSG.planoCadastrado)).toBeInTheDocument();
    expect(await within(lista).findByText('Básico')).toBeInTheDocument();
  });

  it('edits a plan in the same dialog, filled in reais, and puts the server’s field errors on the fields', async () => {
    loginAs(adminToken);
    let recusar = true;
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/planos': () => json(200, [plano({ descricao: 'Tudo incluso' })]),
      'PUT /api/planos/1': () =>
        recusar
          ? json(400, {
              status: 400,
              message: 'Dados inválidos.',
              errors: [{ campo: 'valorCentavos', message: MSG.valorCentavosInvalido }],
            })
          : json(200, plano({ valorCentavos: 3490, periodo: 'ANUAL' })),
    });
    const { user } = renderApp('/admin/pagamentos?aba=planos');
    await user.click(await screen.findByRole('button', { name: 'Editar Mensal' }, LENTO));
    const dialogo = await screen.findByRole('dialog', { name: 'Editar plano' });
    const valor = within(dialogo).getByRole('textbox', { name: /^Valor/ });
    expect(valor).toHaveValue('29,90');
    expect(within(dialogo).getByRole('textbox', { name: /^Descrição/ })).toHaveValue('Tudo incluso');
    await user.clear(valor);
    await user.type(valor, '34,9');
    await user.click(within(dialogo).getByRole('combobox', { name: /^Período/ }));
    await user.click(await screen.findByRole('option', { name: 'Anual' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));

    // The server's words are about centavos; the field is in reais, so it says so in reais.
    expect(await within(dialogo).findByText(MSG.valorReaisInvalido)).toBeInTheDocument();
    expect(valor).toHaveFocus();
    recusar = false;
    await user.click(within(dialogo).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(net.calls('PUT /api/planos/1')).toHaveLength(2));
    expect(JSON.parse(net.calls('PUT /api/planos/1')[1]?.body ?? '')).toEqual({
      nome: 'Mensal',
      descricao: 'Tudo incluso',
      valorCentavos: 3490,
      periodo: 'ANUAL',
      diasCarencia: 7,
    });
    expect(await screen.findByText(MSG.planoAlterado)).toBeInTheDocument();
  });

  it('asks before inactivating a plan, saying who subscribed keeps the price', async () => {
    loginAs(adminToken);
    let ativo = true;
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/planos': () => json(200, [plano({ ativo })]),
      'DELETE /api/planos/1': () => {
        ativo = false;
        return json(200, plano({ ativo: false }));
      },
    });
    const { user } = renderApp('/admin/pagamentos?aba=planos');
    const lista = await screen.findByRole('list', { name: 'Planos' }, LENTO);

    await user.click(within(lista).getByRole('button', { name: 'Inativar Mensal' }));
    let confirmar = await screen.findByRole('dialog', { name: 'Inativar plano' });
    expect(confirmar).toHaveTextContent('quem já assinou continua com o seu preço');
    await user.click(within(confirmar).getByRole('button', { name: 'Não' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Inativar plano' })).not.toBeInTheDocument());
    expect(net.calls('DELETE /api/planos/1')).toHaveLength(0);

    await user.click(within(lista).getByRole('button', { name: 'Inativar Mensal' }));
    confirmar = await screen.findByRole('dialog', { name: 'Inativar plano' });
    await user.click(within(confirmar).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(net.calls('DELETE /api/planos/1')).toHaveLength(1));
    expect(await screen.findByText(MSG.planoInativado)).toBeInTheDocument();
    expect(await within(lista).findByText('Inativo')).toBeInTheDocument();
  });
});
