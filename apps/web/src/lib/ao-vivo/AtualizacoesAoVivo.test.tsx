import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { act, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Page } from '@rastro/shared/schemas/common';
import type { EventoSocket, Marcador } from '@rastro/shared/schemas/mapa';
import type { MeuRastreador } from '@rastro/shared/schemas/meus-rastreadores';
import { createQueryClient } from '@/lib/query-client';
import { encerrarSessao, iniciarEmulacao, iniciarSessao } from '@/lib/sessao';
import { clientToken, pagina } from '@/testing/fixtures';
import { FakeWebSocket } from '@/testing/fake-websocket';
import { aoVivoKeys } from './keys';
import { LOTE_MS, AtualizacoesAoVivo } from './AtualizacoesAoVivo';

const marcador = (usuarioRastreadorId: number, lat: number, over: Partial<Marcador> = {}): Marcador => ({
  id: usuarioRastreadorId,
  rastreadorId: usuarioRastreadorId * 10,
  usuarioRastreadorId,
  name: `PET ${usuarioRastreadorId}`,
  position: { lat, lng: -46.6 },
  bateria: 80,
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  desligar: true,
  dataHora: '2025-03-10T13:00:00.000Z',
  tipo: 'GPS',
  precisao: null,
  velocidade: null,
  foraDeZonas: [],
  dentroDeZonas: [],
  compartilhadoPor: null,
  modoPerdido: null,
  foto: null,
  ...over,
});

const rastreador = (id: number, over: Partial<MeuRastreador> = {}): MeuRastreador => ({
  id,
  rastreadorId: id * 10,
  imei: `86000000000000${id}`,
  descricao: `PET ${id}`,
  intervaloLocalizacao: 5,
  bateria: 80,
  nivelSinal: 3,
  dataCadastro: '2025-01-01T12:00:00.000Z',
  ultimaComunicacao: null,
  situacao: 'ATIVO',
  situacaoDescricao: 'Ativo',
  situacaoEnergia: 'LIGADO',
  situacaoEnergiaDescricao: 'Ligado',
  economiaBateria: 'F',
  ultraEconomiaBateria: 'F',
  periUltraEconBateria: null,
  modoPerdido: null,
  compartilhadoPor: null,
  foto: null,
  ...over,
});

const evento = (over: Partial<EventoSocket>): EventoSocket => ({ posicoes: [], rastreadores: [], notificacoes: [], ...over });

const listaKey = [...aoVivoKeys.meusRastreadoresLists(), { page: 0, size: 10 }];
const historicoKey = [...aoVivoKeys.marcadores, 'HISTORICO', 1, 'a', 'b'];

function montar(): QueryClient {
  const qc = createQueryClient({ retry: false });
  render(
    <QueryClientProvider client={qc}>
      <AtualizacoesAoVivo />
    </QueryClientProvider>,
  );
  return qc;
}

const avancar = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
const invalidada = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;
const eventosZonaKey = [...aoVivoKeys.eventosZonas, 'zona', 5, { page: 0 }];

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  FakeWebSocket.reiniciar();
  vi.stubGlobal('WebSocket', FakeWebSocket);
  iniciarSessao(clientToken);
});
afterEach(() => vi.restoreAllMocks());

describe('AtualizacoesAoVivo (the one owner of live data)', () => {
  it('connects to /api/socket and authenticates with the first message', () => {
    montar();
    const ws = FakeWebSocket.ultima();
    expect(ws.url).toBe('ws://localhost:3000/api/socket');
    ws.abrir();
    expect(ws.enviadas.map((m) => JSON.parse(m) as unknown)).toEqual([{ token: 'token-cliente' }]);

    // Emulating another user: a new connection on that user's behalf.
    act(() => iniciarEmulacao({ usuarioId: 42, nome: 'MARIA', authorities: [], isClient: true }));
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
    const emulada = FakeWebSocket.ultima();
    expect(emulada).not.toBe(ws);
    emulada.abrir();
    expect(JSON.parse(emulada.enviadas[0] ?? 'null')).toEqual({ token: 'token-cliente', usuarioEmulado: 42 });
  });

  it('writes a burst of events into the cached markers, tracker lists and unread count at once', async () => {
    const qc = montar();
    qc.setQueryData(aoVivoKeys.marcadoresAtuais(null), [marcador(1, -23.5), marcador(2, -23.7)]);
    qc.setQueryData(aoVivoKeys.marcadoresAtuais(1), [marcador(1, -23.5)]);
    qc.setQueryData(listaKey, pagina([rastreador(1), rastreador(2)]));
    qc.setQueryData(aoVivoKeys.naoLidas(), { total: 0 });
    qc.setQueryData([...aoVivoKeys.notificacoesLists(), { page: 0 }], pagina([]));
    qc.setQueryData(eventosZonaKey, pagina([]));
    const ws = FakeWebSocket.ultima();
    ws.abrir();

    ws.receber(evento({ posicoes: [marcador(1, -23.51)] }));
    ws.receber(evento({ posicoes: [marcador(1, -23.52), marcador(3, -23.9)] }));
    ws.receber(
      evento({
        rastreadores: [
          rastreador(1, { bateria: 40, situacaoEnergia: 'AGUARDANDO_DESLIGAMENTO', situacaoEnergiaDescricao: 'Aguardando Desligamento' }),
        ],
        notificacoes: [{ id: 9, dataCadastro: '2025-03-10T13:00:00.000Z', descricao: 'Bateria baixa', lida: false }],
        naoLidas: 3,
      }),
    );
    await avancar(LOTE_MS - 1);
    expect(qc.getQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(null))?.[0]?.position.lat).toBe(-23.5);

    await avancar(1);
    const todos = qc.getQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(null));
    expect(todos?.map((m) => [m.usuarioRastreadorId, m.position.lat])).toEqual([
      [1, -23.52],
      [2, -23.7],
      [3, -23.9],
    ]);
    expect(todos?.[0]).toMatchObject({ bateria: 40, situacaoEnergiaDescricao: 'Aguardando Desligamento', desligar: false });
    expect(qc.getQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(1))?.map((m) => m.position.lat)).toEqual([-23.52]);
    expect(qc.getQueryData(aoVivoKeys.marcadoresAtuais(3))).toBeUndefined();

    const lista = qc.getQueryData<Page<MeuRastreador>>(listaKey);
    expect(lista?.content.map((r) => [r.id, r.bateria, r.situacaoEnergia])).toEqual([
      [1, 40, 'AGUARDANDO_DESLIGAMENTO'],
      [2, 80, 'LIGADO'],
    ]);
    expect(qc.getQueryData<MeuRastreador>(aoVivoKeys.meuRastreador(1))?.bateria).toBe(40);
    expect(qc.getQueryData(aoVivoKeys.naoLidas())).toEqual({ total: 3 });
    expect(invalidada(qc, [...aoVivoKeys.notificacoesLists(), { page: 0 }])).toBe(true);
    // A safe-zone crossing comes as a notification: the zone event tables read again.
    expect(invalidada(qc, eventosZonaKey)).toBe(true);
  });

  it('a repeated alarm counted into a notification already shown: the list is read again and the unread count set', async () => {
    const qc = montar();
    qc.setQueryData(aoVivoKeys.naoLidas(), { total: 0 });
    qc.setQueryData([...aoVivoKeys.notificacoesLists(), { page: 0 }], pagina([]));
    qc.setQueryData(eventosZonaKey, pagina([]));
    const ws = FakeWebSocket.ultima();
    ws.abrir();
    ws.receber(evento({ notificacoesAtualizadas: true, naoLidas: 1 }));
    await avancar(LOTE_MS);
    expect(qc.getQueryData(aoVivoKeys.naoLidas())).toEqual({ total: 1 });
    expect(invalidada(qc, [...aoVivoKeys.notificacoesLists(), { page: 0 }])).toBe(true);
    expect(invalidada(qc, eventosZonaKey)).toBe(false);
  });

  it('a payment landed or a pet was suspended (pagamentos): the charges, the subscriptions and the map are read again', async () => {
    const qc = montar();
    const cobrancasKey = [...aoVivoKeys.pagamentosLists(), { page: 0 }];
    qc.setQueryData(cobrancasKey, pagina([]));
    qc.setQueryData(aoVivoKeys.assinaturas(), []);
    qc.setQueryData(aoVivoKeys.marcadoresAtuais(null), []);
    qc.setQueryData(aoVivoKeys.naoLidas(), { total: 0 });
    const ws = FakeWebSocket.ultima();
    ws.abrir();
    ws.receber(evento({ pagamentos: true }));
    await avancar(LOTE_MS);
    expect(invalidada(qc, cobrancasKey)).toBe(true);
    expect(invalidada(qc, aoVivoKeys.assinaturas())).toBe(true);
    expect(invalidada(qc, aoVivoKeys.marcadoresAtuais(null))).toBe(true);
    expect(invalidada(qc, aoVivoKeys.naoLidas())).toBe(false);
  });

  it('drops the trackers a co-guardian no longer sees (removidos) from the map and the lists at once', async () => {
    const qc = montar();
    const detalheKey = aoVivoKeys.meuRastreador(2);
    qc.setQueryData(aoVivoKeys.marcadoresAtuais(null), [marcador(1, -23.5), marcador(2, -23.7)]);
    qc.setQueryData(aoVivoKeys.marcadoresAtuais(2), [marcador(2, -23.7)]);
    qc.setQueryData(historicoKey, [marcador(1, -23.5)]);
    qc.setQueryData(listaKey, pagina([rastreador(1), rastreador(2, { compartilhadoPor: 'ANA' })]));
    qc.setQueryData(detalheKey, rastreador(2, { compartilhadoPor: 'ANA' }));
    const ws = FakeWebSocket.ultima();
    ws.abrir();

    // A position of the pet in the same burst does not bring it back; rastreadorId 20 is link 2's tracker.
    ws.receber(evento({ posicoes: [marcador(2, -23.71)] }));
    ws.receber(evento({ removidos: [20] }));
    await avancar(LOTE_MS);

    expect(qc.getQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(null))?.map((m) => m.rastreadorId)).toEqual([10]);
    expect(qc.getQueryData<Marcador[]>(aoVivoKeys.marcadoresAtuais(2))).toEqual([]);
    // Another pet's route is left alone.
    expect(qc.getQueryData<Marcador[]>(historicoKey)?.map((m) => m.rastreadorId)).toEqual([10]);
    const lista = qc.getQueryData<Page<MeuRastreador>>(listaKey);
    expect(lista?.content.map((r) => r.id)).toEqual([1]);
    expect(lista).toMatchObject({ totalElements: 1, numberOfElements: 1 });
    // Every tracker screen reads again: an open detail of the pet then says it cannot be loaded.
    expect(invalidada(qc, listaKey)).toBe(true);
    expect(invalidada(qc, detalheKey)).toBe(true);
    expect(invalidada(qc, aoVivoKeys.marcadoresAtuais(null))).toBe(false);
  });

  it('survives garbage on the wire', async () => {
    const qc = montar();
    qc.setQueryData(aoVivoKeys.naoLidas(), { total: 0 });
    const ws = FakeWebSocket.ultima();
    ws.abrir();
    ws.receber('não é JSON');
    ws.receber('null');
    ws.receber({ erro: 'Token inválido.' });
    ws.receber({ posicoes: [{ id: 'x' }], rastreadores: [], notificacoes: [] });
    ws.receber(evento({ naoLidas: 5, notificacoes: [{ id: 1, dataCadastro: '2025-03-10T13:00:00.000Z', descricao: 'Oi', lida: false }] }));
    await avancar(LOTE_MS);
    expect(qc.getQueryData(aoVivoKeys.naoLidas())).toEqual({ total: 5 });
    expect(ws.readyState).toBe(FakeWebSocket.OPEN);
  });

  it('reconnects with a growing delay and re-reads live data over REST after reconnecting', async () => {
    const qc = montar();
    qc.setQueryData(aoVivoKeys.marcadoresAtuais(null), [marcador(1, -23.5)]);
    qc.setQueryData(listaKey, pagina([rastreador(1)]));
    qc.setQueryData(aoVivoKeys.naoLidas(), { total: 0 });
    qc.setQueryData(historicoKey, [marcador(1, -23.5)]);
    const primeira = FakeWebSocket.ultima();
    primeira.abrir();
    expect(invalidada(qc, aoVivoKeys.marcadoresAtuais(null))).toBe(false);

    primeira.cair();
    await avancar(999);
    expect(FakeWebSocket.instancias).toHaveLength(1);
    await avancar(1);
    expect(FakeWebSocket.instancias).toHaveLength(2);

    // That attempt fails too: the next one waits twice as long.
    FakeWebSocket.ultima().cair();
    await avancar(1999);
    expect(FakeWebSocket.instancias).toHaveLength(2);
    await avancar(1);
    expect(FakeWebSocket.instancias).toHaveLength(3);

    const terceira = FakeWebSocket.ultima();
    terceira.abrir();
    expect(JSON.parse(terceira.enviadas[0] ?? 'null')).toEqual({ token: 'token-cliente' });
    expect(invalidada(qc, aoVivoKeys.marcadoresAtuais(null))).toBe(true);
    expect(invalidada(qc, listaKey)).toBe(true);
    expect(invalidada(qc, aoVivoKeys.naoLidas())).toBe(true);
    expect(invalidada(qc, historicoKey)).toBe(false);
  });

  it('never waits more than 30 s between attempts', async () => {
    montar();
    for (let i = 0; i < 6; i++) {
      FakeWebSocket.ultima().cair();
      await avancar(30_000);
    }
    const antes = FakeWebSocket.instancias.length;
    FakeWebSocket.ultima().cair();
    await avancar(29_999);
    expect(FakeWebSocket.instancias).toHaveLength(antes);
    await avancar(1);
    expect(FakeWebSocket.instancias).toHaveLength(antes + 1);
  });

  it('closes on logout and does not come back', async () => {
    montar();
    const ws = FakeWebSocket.ultima();
    ws.abrir();
    act(() => encerrarSessao());
    expect(ws.readyState).toBe(FakeWebSocket.CLOSED);
    await avancar(60_000);
    expect(FakeWebSocket.instancias).toHaveLength(1);
  });
});
