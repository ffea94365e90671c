import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { EventoSocket } from '@rastro/shared/schemas/mapa';
import { useSessao } from '../sessao';
import { aplicarEventos, invalidarDadosAoVivo } from './aplicar-eventos';
import { conectarAoVivo } from './conexao';
import { criarLote } from './lote';
import { socketUrl } from './socket-url';

/** Bursts of events reach the cache at most this often. */
export const LOTE_MS = 250;

/**
 * The one owner of live data: while logged in, keeps /api/socket open and writes what it
 * pushes into the query cache (aoVivoKeys). Mounted once by the private layout; renders nothing.
 */
export function AtualizacoesAoVivo() {
  const { token, emulacao } = useSessao();
  const usuarioEmulado = emulacao?.usuarioId;
  const queryClient = useQueryClient();

  useEffect(() => {
    if (!token) return;
    const lote = criarLote<EventoSocket>((eventos) => aplicarEventos(queryClient, eventos), LOTE_MS);
    const fechar = conectarAoVivo({
      url: socketUrl(),
      auth: usuarioEmulado === undefined ? { token } : { token, usuarioEmulado },
      onEvento: (e) => lote.add(e),
      onReconectado: () => invalidarDadosAoVivo(queryClient),
    });
    return () => {
      fechar();
      lote.cancelar();
    };
  }, [token, usuarioEmulado, queryClient]);

  return null;
}
