import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MSG, economiaErro, notificacaoModoPerdidoFim } from '@rastro/shared/messages';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { json, stubFetch } from '@/testing/fetch-stub';
import { clientToken, loginAs, renderApp } from '@/testing/render-app';
import { LENTO, pagina, perdidoPor, pet } from '../perdido-fixtures';
import { horaDoFim } from './formatar';

const PUT = 'PUT /api/usuarios/rastreadores/4/modo-perdido';

/** The detail of REX, answering with `atual` (which the lost-mode PUT replaces). */
function detalhe(inicial: MeuRastreador) {
  let atual = inicial;
  const net = stubFetch({
    'GET /api/usuarios/rastreadores/4': () => json(200, atual),
    'GET /api/localizacoes': () => json(200, pagina([])),
    [PUT]: (req) => {
      const body = JSON.parse(req.body ?? '{}') as { ativo: boolean; horas?: number };
      atual = pet({ modoPerdido: body.ativo ? perdidoPor(body.horas ?? 6) : null });
      return json(200, atual);
    },
  });
  return net;
}

describe('lost mode on the tracker detail', () => {
  it('turns on for 12 hours, says what it costs, and shows the chip', async () => {
    loginAs(clientToken);
    const net = detalhe(pet());
    const { user } = renderApp('/user/rastreadores/detalhe/4');

    await user.click(await screen.findByRole('button', { name: 'Ativar modo perdido' }, LENTO));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar modo perdido' });
    expect(dialog).toHaveAccessibleDescription(/enviar a posição a cada ~20 segundos; isso gasta mais bateria/);
    const duracao = within(dialog).getByRole('combobox', { name: 'Duração' });
    expect(duracao).toHaveTextContent('6 horas');
    await user.click(duracao);
    const opcoes = await screen.findAllByRole('option');
    expect(opcoes).toHaveLength(24);
    expect(opcoes[0]).toHaveTextContent('1 hora');
    await user.click(screen.getByRole('option', { name: '12 horas' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }));

    await waitFor(() => expect(net.calls(PUT)).toHaveLength(1));
    expect(JSON.parse(net.calls(PUT)[0]?.body ?? '')).toEqual({ ativo: true, horas: 12 });
    const ate = horaDoFim(new Date(Date.now() + 12 * 3_600_000).toISOString());
    expect(await screen.findByText(`Modo perdido até ${ate}`)).toBeInTheDocument();
    expect(await screen.findByText(`Modo perdido ativado para REX até ${ate}.`)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Ativar modo perdido' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Desativar modo perdido' })).toBeInTheDocument();
  });

  it('asks before turning off, and sends nothing when the owner says no', async () => {
    loginAs(clientToken);
    const net = detalhe(pet({ modoPerdido: perdidoPor(3) }));
    const { user } = renderApp('/user/rastreadores/detalhe/4');

    await user.click(await screen.findByRole('button', { name: 'Desativar modo perdido' }, LENTO));
    let confirmacao = await screen.findByRole('dialog', { name: 'Desativar modo perdido' });
    expect(confirmacao).toHaveTextContent('Desativar o modo perdido de REX?');
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(net.calls(PUT)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Desativar modo perdido' }));
    confirmacao = await screen.findByRole('dialog', { name: 'Desativar modo perdido' });
    await user.click(within(confirmacao).getByRole('button', { name: 'Desativar' }));
    await waitFor(() => expect(net.calls(PUT)).toHaveLength(1));
    expect(JSON.parse(net.calls(PUT)[0]?.body ?? '')).toEqual({ ativo: false });
    expect(await screen.findByText(notificacaoModoPerdidoFim('REX'))).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Ativar modo perdido' })).toBeInTheDocument();
    expect(screen.queryByText(/^Modo perdido até/)).not.toBeInTheDocument();
  });
});

describe('lost mode on My trackers', () => {
  it('marks the lost pet and locks its battery modes, saying why', async () => {
    loginAs(clientToken);
    const lost = perdidoPor(2);
    stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([pet({ modoPerdido: lost }), pet({ id: 5, descricao: 'LOLA' })])),
    });
    const { user } = renderApp('/user/meus-rastreadores');

    const table = await screen.findByRole('table', { name: 'Meus Rastreadores' }, LENTO);
    const linhaRex = (await within(table).findByText('REX')).closest('tr');
    if (!linhaRex) throw new Error('linha ausente');
    expect(within(linhaRex).getByText(`Modo perdido até ${horaDoFim(lost.ate)}`)).toBeInTheDocument();
    expect(within(table).queryAllByText(/^Modo perdido até/)).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Ações do registro 4' }));
    const menu = await screen.findByRole('menu');
    const bloqueado = within(menu).getByRole('menuitem', { name: /Modo de bateria bloqueado/ });
    expect(bloqueado).toHaveAttribute('aria-disabled', 'true');
    expect(bloqueado).toHaveTextContent(MSG.modoPerdidoBloqueia);
    expect(within(menu).queryByRole('menuitem', { name: /economia de bateria/ })).not.toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Desativar modo perdido' })).toBeInTheDocument();
    expect(within(menu).getByRole('menuitem', { name: 'Compartilhar' })).toBeInTheDocument();
  });

  it('turns lost mode on from the row menu', async () => {
    loginAs(clientToken);
    let atual = pet();
    const net = stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([atual])),
      [PUT]: () => {
        atual = pet({ modoPerdido: perdidoPor(6) });
        return json(200, atual);
      },
    });
    const { user } = renderApp('/user/meus-rastreadores');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 4' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar modo perdido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ativar modo perdido' });
    await user.click(within(dialog).getByRole('button', { name: 'Ativar' }));
    await waitFor(() => expect(net.calls(PUT)).toHaveLength(1));
    expect(JSON.parse(net.calls(PUT)[0]?.body ?? '')).toEqual({ ativo: true, horas: 6 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(screen.getByRole('table')).findByText(/^Modo perdido até/)).toBeInTheDocument();
  });

  it('says why when the server refuses economy because the pet is lost', async () => {
    loginAs(clientToken);
    stubFetch({
      'GET /api/usuarios/rastreadores': () => json(200, pagina([pet()])),
      'PUT /api/usuarios/rastreadores/ativar-economia-bateria/4': () => json(409, { status: 409, message: MSG.modoPerdidoBloqueia }),
    });
    const { user } = renderApp('/user/meus-rastreadores');
    await user.click(await screen.findByRole('button', { name: 'Ações do registro 4' }, LENTO));
    await user.click(await screen.findByRole('menuitem', { name: 'Ativar economia de bateria' }));
    expect(await screen.findByText(MSG.modoPerdidoBloqueia)).toBeInTheDocument();
    expect(screen.queryByText(economiaErro('economia', 'Ativar'))).not.toBeInTheDocument();
  });
});
