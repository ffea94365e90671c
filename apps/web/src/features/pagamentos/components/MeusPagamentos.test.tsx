import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Assinatura, Pagamento, Plano } from '@rastro/shared/schemas/pagamentos';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, meuRastreador, pagina } from '@/testing/fixtures';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';

const LIGADOS = { 'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true } }) };

const plano = (over: Partial<Plano> = {}): Plano => ({
  id: 1,
  nome: 'Mensal',
  descricao: 'Chip e rastreamento',
  valorCentavos: 2990,
  periodo: 'MENSAL',
  diasCarencia: 7,
  ativo: true,
  dataCadastro: '2026-01-01T12:00:00.000Z',
  ...over,
});

const assinatura = (over: Partial<Assinatura> = {}): Assinatura => ({
  id: 7,
  usuarioRastreadorId: 4,
  pet: 'COLEIRA DO REX',
  planoId: 1,
  plano: 'Mensal',
  valorCentavos: 2990,
  periodo: 'MENSAL',
  forma: 'PIX',
  situacao: 'ATIVA',
  inicio: '2026-11-28',
  pagoAte: null,
  cancelarNoFim: false,
  papel: 'DONO',
  ...over,
});

const COPIA_E_COLA =
  '00020101021126360014br.gov.bcb.pix011412345678000195520400005303986540529.905802BR5906Rastro6008Curitiba62290525ABCDEFGHJKLMNPQRSTUVWXYZ263040000';

const cobranca = (over: Partial<Pagamento> = {}): Pagamento => ({
  id: 30,
  assinaturaId: 7,
  pet: 'COLEIRA DO REX',
  valorCentavos: 2990,
  vencimento: '2026-11-28',
  situacao: 'PENDENTE',
  pixCopiaECola: COPIA_E_COLA,
  pagoEm: null,
  txid: 'ABCDEFGHJKLMNPQRSTUVWXYZ2',
  ...over,
});

describe('Meus Pagamentos (payments on)', () => {
  it('a client without PER300 subscribes a pet and lands on its QR code and copia e cola', async () => {
    loginAs(clientToken);
    let assinaturas: Assinatura[] = [];
    let cobrancas: Pagamento[] = [];
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/usuarios/assinaturas': () => json(200, assinaturas),
      'GET /api/usuarios/pagamentos': () => json(200, pagina(cobrancas)),
      'GET /api/usuarios/rastreadores': () =>
        json(200, pagina([meuRastreador(), meuRastreador({ id: 5, descricao: 'BOLT', compartilhadoPor: 'ANA' })])),
      'GET /api/planos': () =>
        json(200, [plano(), plano({ id: 2, nome: 'Anual', valorCentavos: 29900, periodo: 'ANUAL', descricao: null })]),
      'POST /api/usuarios/assinaturas': () => {
        assinaturas = [assinatura()];
        cobrancas = [cobranca()];
        return json(201, assinaturas[0]);
      },
    });
    renderApp('/user/meus-pagamentos');

    const cards = await screen.findByRole('list', { name: 'Assinaturas' }, LENTO);
    // The guardian's pet is not theirs to subscribe.
    expect(within(cards).queryByText('BOLT')).not.toBeInTheDocument();
    expect(await screen.findByText('Nenhuma cobrança ainda.')).toBeInTheDocument();
    expect(
      within(screen.getByRole('navigation', { name: 'Menu principal' })).getByRole('link', { name: 'Meus Pagamentos' }),
    ).toBeInTheDocument();

    await userEvent.click(within(cards).getByRole('button', { name: 'Assinar para COLEIRA DO REX' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Assinar para COLEIRA DO REX' });
    await userEvent.click(await within(dialogo).findByRole('radio', { name: /Anual: R\$\s299,00 por ano/ }));
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));
    await waitFor(() => expect(net.calls('POST /api/usuarios/assinaturas')).toHaveLength(1));
    expect(JSON.parse(net.calls('POST /api/usuarios/assinaturas')[0]?.body ?? '')).toEqual({
      usuarioRastreadorId: 4,
      planoId: 2,
      forma: 'PIX',
    });

    const pagar = await screen.findByRole('dialog', { name: 'Pagar COLEIRA DO REX com Pix' }, LENTO);
    expect(await within(pagar).findByRole('img', { name: /QR code do Pix de R\$\s29,90 para COLEIRA DO REX/ }, LENTO)).toBeInTheDocument();
    expect(within(pagar).getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(COPIA_E_COLA);
    expect(within(pagar).getByText('Vencimento 28/11/2026')).toBeInTheDocument();
  });

  it('a guardian sees the subscription’s state and cannot cancel it; an owner is asked before cancelling', async () => {
    loginAs(clientToken);
    const net = stubFetch({
      ...LIGADOS,
      'GET /api/usuarios/assinaturas': () =>
        json(200, [
          assinatura({ pagoAte: '2026-12-27' }),
          assinatura({ id: 8, usuarioRastreadorId: 5, pet: 'BOLT', papel: 'GUARDIAO', situacao: 'SUSPENSA' }),
        ]),
      'GET /api/usuarios/pagamentos': () =>
        json(200, pagina([cobranca({ situacao: 'PAGO', pixCopiaECola: null, pagoEm: '2026-11-28T13:00:00.000Z' })])),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
      'DELETE /api/usuarios/assinaturas/7': () => json(200, assinatura({ cancelarNoFim: true, pagoAte: '2026-12-27' })),
    });
    renderApp('/user/meus-pagamentos');

    const cards = await screen.findByRole('list', { name: 'Assinaturas' }, LENTO);
    const [rex, bolt] = within(cards).getAllByRole('listitem');
    if (!rex || !bolt) throw new Error('faltam cartões');
    expect(within(rex).getByText('Pago até 27/12/2026.')).toBeInTheDocument();
    expect(within(bolt).getByText('Vencida')).toBeInTheDocument();
    expect(within(bolt).getByText('Você acompanha este pet; quem paga é o dono.')).toBeInTheDocument();
    expect(within(bolt).queryByRole('button')).not.toBeInTheDocument();
    const tabela = await screen.findByRole('table', { name: 'Cobranças' });
    expect(within(tabela).getByText('Pago')).toBeInTheDocument();
    expect(within(tabela).queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();

    await userEvent.click(within(rex).getByRole('button', { name: 'Cancelar assinatura' }));
    const confirmar = await screen.findByRole('dialog', { name: 'Cancelar assinatura' });
    expect(confirmar).toHaveTextContent('O que já foi pago vale até 27/12/2026.');
    await userEvent.click(within(confirmar).getByRole('button', { name: 'Não' }));
    expect(net.calls('DELETE /api/usuarios/assinaturas/7')).toHaveLength(0);
    await userEvent.click(await within(rex).findByRole('button', { name: 'Cancelar assinatura' }, LENTO));
    await userEvent.click(within(await screen.findByRole('dialog', { name: 'Cancelar assinatura' })).getByRole('button', { name: 'Sim' }));
    await waitFor(() => expect(net.calls('DELETE /api/usuarios/assinaturas/7')).toHaveLength(1));
  });

  it('the map says why a suspended pet is missing, with the way to pay', async () => {
    loginAs(clientToken);
    stubFetch({
      ...LIGADOS,
      'GET /api/usuarios/assinaturas': () => json(200, [assinatura({ situacao: 'SUSPENSA' })]),
      'GET /api/usuarios/rastreadores/ultimas-localizacoes': () => json(200, []),
      'GET /api/usuarios/rastreadores/select': () => json(200, []),
      'GET /api/zonas': () => json(200, []),
    });
    renderApp('/user/mapa');
    const aviso = await screen.findByText(/Assinatura vencida — regularize em/, undefined, LENTO);
    expect(within(aviso).getByRole('link', { name: 'Meus Pagamentos' })).toHaveAttribute('href', '/user/meus-pagamentos');
    expect(screen.getByText(/COLEIRA DO REX não aparece no mapa até o pagamento/)).toBeInTheDocument();
  });
});
