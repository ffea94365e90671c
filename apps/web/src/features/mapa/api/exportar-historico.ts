import { useMutation } from '@tanstack/react-query';
import type { ExportarQuery } from '@rastro/shared/schemas/localizacoes';
import { apiDownload } from '@/lib/api-client';

/** Hands a downloaded file to the browser under `nome` (a temporary <a download>). */
export function salvarArquivo(blob: Blob, nome: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = nome;
  a.hidden = true;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked a moment later: some browsers read the blob after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** GET /api/localizacoes/exportar: the route as GPX, KML or CSV, saved under the server's file name. */
export async function exportarHistorico(q: ExportarQuery) {
  const { blob, nomeArquivo } = await apiDownload('/api/localizacoes/exportar', { query: { ...q } });
  salvarArquivo(blob, nomeArquivo ?? `localizacoes.${q.formato}`);
}

export const useExportarHistorico = () => useMutation({ mutationFn: exportarHistorico });
