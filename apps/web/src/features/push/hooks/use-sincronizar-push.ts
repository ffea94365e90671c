import { useEffect } from 'react';
import { inscricaoPushSchema } from '@rastro/shared/schemas/push';
import { useCancelarInscricaoPush } from '../api/cancelar-inscricao-push';
import { useInscreverPush } from '../api/inscrever-push';
import { registroDoWorker, suportaPush } from '../navegador';
import { MENSAGEM_REINSCREVER } from '../worker-contrato';

interface AvisoReinscrever {
  tipo: typeof MENSAGEM_REINSCREVER;
  inscricao: unknown;
  anterior: string | null;
}

const ehAviso = (d: unknown): d is AvisoReinscrever =>
  typeof d === 'object' && d !== null && (d as { tipo?: unknown }).tipo === MENSAGEM_REINSCREVER;

/**
 * Keeps the server in step with this browser's subscription, for the logged user: posts it when
 * the app starts (the same endpoint moves to whoever is logged in now, and one the worker renewed
 * while no page was open gets known), and when the worker reports `pushsubscriptionchange`.
 * Posting a known subscription is idempotent (200). `ativo` false (emulating someone) does nothing.
 */
export function useSincronizarPush(ativo: boolean) {
  const { mutate: inscrever } = useInscreverPush();
  const { mutate: cancelar } = useCancelarInscricaoPush();

  useEffect(() => {
    if (!ativo || !suportaPush()) return;
    let vivo = true;
    const postar = (json: unknown) => {
      const corpo = inscricaoPushSchema.safeParse(json);
      if (corpo.success) inscrever(corpo.data);
    };
    void registroDoWorker().then(async (reg) => {
      const inscricao = reg ? await reg.pushManager.getSubscription() : null;
      if (vivo && inscricao) postar(inscricao.toJSON());
    });
    const aoReceber = (e: MessageEvent<unknown>) => {
      if (!ehAviso(e.data)) return;
      postar(e.data.inscricao);
      if (e.data.anterior) cancelar(e.data.anterior);
    };
    navigator.serviceWorker.addEventListener('message', aoReceber);
    return () => {
      vivo = false;
      navigator.serviceWorker.removeEventListener('message', aoReceber);
    };
  }, [ativo, inscrever, cancelar]);
}
