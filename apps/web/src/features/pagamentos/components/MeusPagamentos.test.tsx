import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG_PIX } from '@rastro/shared/pix';
import type { Assinatura, Pagamento, Plano } from '@rastro/shared/schemas/pagamentos';
import { appConfig, json, stubFetch } from '@/testing/fetch-stub';
import { LENTO, meuRastreador, pagina } from '@/testing/fixtures';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';

const LIGADOS = { 'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true, automatico: false } }) };
/** Payments on, and Pix Automático offered. */
const AUTOMATICO = { 'GET /api/config': () => json(200, { ...appConfig, pagamentos: { ativo: true, automatico: true } }) };

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
  autorizacao: null,
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
  debitoAutomatico: false,
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

  it('right after subscribing, the charge to pay is the one due first, even when a later period’s is already listed above it', async () => {
    loginAs(clientToken);
    let assinaturas: Assinatura[] = [];
    let cobrancas: Pagamento[] = [];
    stubFetch({
      ...LIGADOS,
      'GET /api/usuarios/assinaturas': () => json(200, assinaturas),
      'GET /api/usuarios/pagamentos': () => json(200, pagina(cobrancas)),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
      'GET /api/planos': () => json(200, [plano()]),
      'POST /api/usuarios/assinaturas': () => {
        assinaturas = [assinatura()];
        // Newest due date first, as the list sorts by default.
        cobrancas = [cobranca({ id: 31, vencimento: '2026-12-28', txid: 'PROXIMOPERIODO0000000000002' }), cobranca()];
        return json(201, assinaturas[0]);
      },
    });
    renderApp('/user/meus-pagamentos');
    const cards = await screen.findByRole('list', { name: 'Assinaturas' }, LENTO);
    await userEvent.click(within(cards).getByRole('button', { name: 'Assinar para COLEIRA DO REX' }));
    const dialogo = await screen.findByRole('dialog', { name: 'Assinar para COLEIRA DO REX' });
    await within(dialogo).findByRole('radio', { name: /Mensal/ });
    await userEvent.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));
    const pagar = await screen.findByRole('dialog', { name: 'Pagar COLEIRA DO REX com Pix' }, LENTO);
    expect(await within(pagar).findByText('Vencimento 28/11/2026', {}, LENTO)).toBeInTheDocument();
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

describe('Meus Pagamentos (Pix Automático)', () => {
  /** The owner's page with one pet without a subscription, ready to subscribe; the POST answers with `responder`. */
  const assinarComConfig = (config: typeof LIGADOS, responder: () => Response) => {
    loginAs(clientToken);
    let assinaturas: Assinatura[] = [];
    let cobrancas: Pagamento[] = [];
    const net = stubFetch({
      ...config,
      'GET /api/usuarios/assinaturas': () => json(200, assinaturas),
      'GET /api/usuarios/pagamentos': () => json(200, pagina(cobrancas)),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
      'GET /api/planos': () => json(200, [plano()]),
      'POST /api/usuarios/assinaturas': () => {
        const r = responder();
        if (r.ok) {
          assinaturas = [assinatura({ forma: 'PIX_AUTOMATICO', autorizacao: 'AGUARDANDO' })];
          cobrancas = [cobranca()];
        }
        return r;
      },
    });
    const { user } = renderApp('/user/meus-pagamentos');
    const abrir = async () => {
      const cards = await screen.findByRole('list', { name: 'Assinaturas' }, LENTO);
      await user.click(within(cards).getByRole('button', { name: 'Assinar para COLEIRA DO REX' }));
      const dialogo = await screen.findByRole('dialog', { name: 'Assinar para COLEIRA DO REX' });
      await within(dialogo).findByRole('radio', { name: /Mensal: R\$\s29,90 por mês/ });
      return dialogo;
    };
    return { net, user, abrir };
  };
  const criada = () => json(201, assinatura({ forma: 'PIX_AUTOMATICO', autorizacao: 'AGUARDANDO' }));
  const postado = (net: ReturnType<typeof stubFetch>) => JSON.parse(net.calls('POST /api/usuarios/assinaturas')[0]?.body ?? '') as unknown;

  it('the owner chooses Pix Automático and their account; the digits of the conta are posted, and the first charge is paid by Pix now', async () => {
    const { net, user, abrir } = assinarComConfig(AUTOMATICO, criada);
    const dialogo = await abrir();

    const como = within(dialogo).getByRole('radiogroup', { name: 'Como pagar' });
    const porPeriodo = within(como).getByRole('radio', { name: 'Pix a cada período' });
    expect(porPeriodo).toBeChecked();
    expect(porPeriodo).toHaveAccessibleDescription('Você recebe o código Pix antes de cada vencimento.');
    // The account is only asked with Pix Automático.
    expect(within(dialogo).queryByRole('combobox', { name: /^Banco/ })).not.toBeInTheDocument();

    await user.click(within(como).getByRole('radio', { name: 'Pix Automático' }));
    expect(within(como).getByRole('radio', { name: 'Pix Automático' })).toHaveAccessibleDescription(
      /^Autorize uma vez no app do seu banco/,
    );
    await user.click(within(dialogo).getByRole('combobox', { name: /^Banco/ }));
    const bancos = await screen.findByRole('listbox');
    expect(within(bancos).getAllByRole('option')[0]).toHaveTextContent('Escolha o banco');
    await user.click(within(bancos).getByRole('option', { name: 'Nubank' }));
    const agencia = within(dialogo).getByRole('textbox', { name: /^Agência/ });
    expect(agencia).toHaveAttribute('inputmode', 'numeric');
    expect(agencia).toHaveAttribute('maxlength', '4');
    await user.type(agencia, '0001');
    const conta = within(dialogo).getByRole('textbox', { name: /^Conta/ });
    expect(conta).toHaveAttribute('inputmode', 'numeric');
    await user.type(conta, '12345-6');
    expect(conta).toHaveValue('123456');
    await user.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));

    await waitFor(() => expect(net.calls('POST /api/usuarios/assinaturas')).toHaveLength(1));
    expect(postado(net)).toEqual({
      usuarioRastreadorId: 4,
      planoId: 1,
      forma: 'PIX_AUTOMATICO',
      contaPagador: { ispb: '18236120', agencia: '0001', conta: '123456' },
    });
    const pagar = await screen.findByRole('dialog', { name: 'Pagar COLEIRA DO REX com Pix' }, LENTO);
    expect(within(pagar).getByRole('textbox', { name: 'Pix copia e cola' })).toHaveValue(COPIA_E_COLA);
  });

  it('Pix Automático without the bank and the conta says so on the fields and posts nothing', async () => {
    const { net, user, abrir } = assinarComConfig(AUTOMATICO, criada);
    const dialogo = await abrir();
    await user.click(within(dialogo).getByRole('radio', { name: 'Pix Automático' }));
    await user.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));

    expect(await within(dialogo).findByText(MSG_PIX.contaInvalida)).toBeInTheDocument();
    expect(within(dialogo).getByText(MSG_PIX.bancoInvalido)).toBeInTheDocument();
    expect(within(dialogo).getByRole('textbox', { name: /^Conta/ })).toHaveAccessibleDescription(MSG_PIX.contaInvalida);
    expect(net.calls('POST /api/usuarios/assinaturas')).toHaveLength(0);
  });

  it('puts the server’s field error on the conta, and says so when the bank cannot be asked', async () => {
    let resposta: Response = json(400, {
      status: 400,
      message: 'Dados inválidos.',
      errors: [{ campo: 'contaPagador.conta', message: 'Conta não encontrada neste banco.' }],
    });
    const { net, user, abrir } = assinarComConfig(AUTOMATICO, () => resposta);
    const dialogo = await abrir();
    await user.click(within(dialogo).getByRole('radio', { name: 'Pix Automático' }));
    await user.click(within(dialogo).getByRole('combobox', { name: /^Banco/ }));
    await user.click(await screen.findByRole('option', { name: 'Banco do Brasil' }));
    const conta = within(dialogo).getByRole('textbox', { name: /^Conta/ });
    await user.type(conta, '98765');
    await user.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));

    expect(await within(dialogo).findByText('Conta não encontrada neste banco.')).toBeInTheDocument();
    expect(conta).toHaveFocus();
    // No agência typed: none is sent.
    expect(postado(net)).toEqual({
      usuarioRastreadorId: 4,
      planoId: 1,
      forma: 'PIX_AUTOMATICO',
      contaPagador: { ispb: '00000000', conta: '98765' },
    });

    resposta = json(502, { status: 502, message: MSG_PIX.pixAutomaticoFalhou });
    await user.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));
    expect(await within(dialogo).findByText(MSG_PIX.pixAutomaticoFalhou)).toBeInTheDocument();
    expect(net.calls('POST /api/usuarios/assinaturas')).toHaveLength(2);
  });

  it('without Pix Automático there is no choice: the subscription is paid by Pix', async () => {
    const { net, user, abrir } = assinarComConfig(LIGADOS, () => json(201, assinatura()));
    const dialogo = await abrir();
    expect(within(dialogo).queryByRole('radiogroup', { name: 'Como pagar' })).not.toBeInTheDocument();
    expect(within(dialogo).queryByRole('radio', { name: 'Pix Automático' })).not.toBeInTheDocument();
    await user.click(within(dialogo).getByRole('button', { name: 'Assinar e pagar' }));
    await waitFor(() => expect(net.calls('POST /api/usuarios/assinaturas')).toHaveLength(1));
    expect(postado(net)).toEqual({ usuarioRastreadorId: 4, planoId: 1, forma: 'PIX' });
  });

  it('each card says where Pix Automático’s authorisation stands, to the owner and to a guardian', async () => {
    loginAs(clientToken);
    stubFetch({
      ...AUTOMATICO,
      'GET /api/usuarios/assinaturas': () =>
        json(200, [
          assinatura({ forma: 'PIX_AUTOMATICO', autorizacao: 'AGUARDANDO' }),
          assinatura({ id: 8, usuarioRastreadorId: 5, pet: 'BOLT', papel: 'GUARDIAO', forma: 'PIX_AUTOMATICO', autorizacao: 'AGUARDANDO' }),
          assinatura({ id: 9, usuarioRastreadorId: 6, pet: 'LUNA', forma: 'PIX_AUTOMATICO', autorizacao: 'REJEITADA' }),
          assinatura({ id: 10, usuarioRastreadorId: 7, pet: 'THOR' }),
        ]),
      'GET /api/usuarios/pagamentos': () => json(200, pagina([])),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
    });
    renderApp('/user/meus-pagamentos');

    const cards = await screen.findByRole('list', { name: 'Assinaturas' }, LENTO);
    const [rex, bolt, luna, thor] = within(cards).getAllByRole('listitem');
    if (!rex || !bolt || !luna || !thor) throw new Error('faltam cartões');
    expect(within(rex).getByText('Pix Automático: autorize no app do seu banco.')).toBeInTheDocument();
    expect(within(bolt).getByText('Pix Automático: aguardando a autorização do dono.')).toBeInTheDocument();
    expect(within(luna).getByText('Pix Automático recusado no banco: as cobranças seguem por Pix com código.')).toBeInTheDocument();
    expect(within(thor).queryByText(/Pix Automático/)).not.toBeInTheDocument();
  });

  it('a charge the bank debits has no Pix to pay: its due date instead, or that the debit is awaited', async () => {
    loginAs(clientToken);
    stubFetch({
      ...AUTOMATICO,
      'GET /api/usuarios/assinaturas': () =>
        json(200, [assinatura({ forma: 'PIX_AUTOMATICO', autorizacao: 'APROVADA', pagoAte: '2026-12-27' })]),
      'GET /api/usuarios/pagamentos': () =>
        json(
          200,
          pagina([
            cobranca({ id: 31, vencimento: '2026-12-28', debitoAutomatico: true, pixCopiaECola: null }),
            cobranca({ id: 32, vencimento: '2026-11-28', situacao: 'VENCIDO', debitoAutomatico: true, pixCopiaECola: null }),
          ]),
        ),
      'GET /api/usuarios/rastreadores': () => json(200, pagina([meuRastreador()])),
    });
    renderApp('/user/meus-pagamentos');

    const cards = await screen.findByRole('list', { name: 'Assinaturas' }, LENTO);
    expect(within(cards).getByText('Pix Automático ativo: as cobranças são debitadas no vencimento.')).toBeInTheDocument();
    const tabela = await screen.findByRole('table', { name: 'Cobranças' }, LENTO);
    expect(await within(tabela).findByText('Débito automático em 28/12/2026')).toBeInTheDocument();
    expect(within(tabela).getByText('Aguardando o débito automático')).toBeInTheDocument();
    expect(within(tabela).queryByRole('button', { name: /Pagar/ })).not.toBeInTheDocument();
    expect(within(tabela).queryByText('Gerando o código Pix…')).not.toBeInTheDocument();
  });
});
