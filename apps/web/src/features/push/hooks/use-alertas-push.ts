import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { inscricaoPushSchema } from '@rastro/shared/schemas/push';
import { isApiError } from '@/lib/api-error';
import { useCancelarInscricaoPush } from '../api/cancelar-inscricao-push';
import { chavePushQueryOptions } from '../api/get-chave-push';
import { useInscreverPush } from '../api/inscrever-push';
import { bytesDaChave, guardarChaveParaOWorker, registroDoWorker, suportaPush } from '../navegador';
import { TEXTOS_PUSH } from '../textos';

/** Whether this browser gets the owner's alerts: what the control shows. */
export type EstadoAlertas = 'verificando' | 'indisponivel' | 'bloqueado' | 'inativo' | 'ativo';

export interface AlertasPush {
  estado: EstadoAlertas;
  /** Why the last attempt failed (pt-BR), until the next one. */
  erro: string | null;
  ocupado: boolean;
  ativar: () => Promise<void>;
  desativar: () => Promise<void>;
}

/** The server's message for a refused subscription (409: the limit of 10 browsers; 400: not public https). */
const mensagemDe = (e: unknown): string | null =>
  isApiError(e) ? (e.handled ? null : e.message || TEXTOS_PUSH.falhaInscricao) : TEXTOS_PUSH.falhaInscricao;

/**
 * This browser's push subscription for the logged owner: asks permission, subscribes with the
 * server's VAPID key and posts it; or unsubscribes and deletes it. The browser is the truth about
 * "subscribed" (use-sincronizar-push.ts keeps the server in step with it).
 */
export function useAlertasPush(): AlertasPush {
  const queryClient = useQueryClient();
  const { mutateAsync: inscrever } = useInscreverPush();
  const { mutateAsync: cancelar } = useCancelarInscricaoPush();
  const [estado, setEstado] = useState<EstadoAlertas>('verificando');
  const [erro, setErro] = useState<string | null>(null);
  const [ocupado, setOcupado] = useState(false);
  const [registro, setRegistro] = useState<ServiceWorkerRegistration | null>(null);

  useEffect(() => {
    let vivo = true;
    void (async () => {
      const reg = suportaPush() ? await registroDoWorker() : null;
      const inscricao = reg && Notification.permission !== 'denied' ? await reg.pushManager.getSubscription() : null;
      if (!vivo) return;
      setRegistro(reg);
      if (!reg) setEstado('indisponivel');
      else if (Notification.permission === 'denied') setEstado('bloqueado');
      else setEstado(inscricao ? 'ativo' : 'inativo');
    })();
    return () => {
      vivo = false;
    };
  }, []);

  async function inscreverNeste(reg: ServiceWorkerRegistration) {
    const permissao = Notification.permission === 'granted' ? 'granted' : await Notification.requestPermission();
    if (permissao === 'denied') return setEstado('bloqueado');
    if (permissao !== 'granted') return setErro(TEXTOS_PUSH.semPermissao);
    let chave: Uint8Array<ArrayBuffer>;
    try {
      chave = bytesDaChave((await queryClient.fetchQuery(chavePushQueryOptions())).chavePublica);
    } catch (e) {
      return setErro(mensagemDe(e));
    }
    let inscricao: PushSubscription;
    try {
      inscricao = await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: chave });
    } catch {
      // No push service (offline, or a browser without one), or a subscription made with another key.
      return setErro(TEXTOS_PUSH.falhaInscricao);
    }
    const corpo = inscricaoPushSchema.safeParse(inscricao.toJSON());
    try {
      if (!corpo.success) throw new Error('inscrição sem endpoint ou chaves');
      await inscrever(corpo.data);
    } catch (e) {
      // Not kept by the server: not kept here either, or the control would say "active".
      await inscricao.unsubscribe().catch(() => false);
      return setErro(mensagemDe(e));
    }
    await guardarChaveParaOWorker(chave);
    setEstado('ativo');
  }

  async function cancelarNeste(reg: ServiceWorkerRegistration) {
    const inscricao = await reg.pushManager.getSubscription();
    if (inscricao) {
      if (!(await inscricao.unsubscribe())) return setErro(TEXTOS_PUSH.falhaCancelamento);
      // The browser no longer receives; a subscription the server still holds goes at its push service's first 404/410.
      await cancelar(inscricao.endpoint).catch(() => null);
    }
    setEstado('inativo');
  }

  const executar = (acao: (reg: ServiceWorkerRegistration) => Promise<void>, falha: string) => async () => {
    const reg = registro;
    if (!reg || ocupado) return;
    setErro(null);
    setOcupado(true);
    try {
      await acao(reg);
    } catch {
      setErro(falha);
    } finally {
      setOcupado(false);
    }
  };

  return {
    estado,
    erro,
    ocupado,
    ativar: executar(inscreverNeste, TEXTOS_PUSH.falhaInscricao),
    desativar: executar(cancelarNeste, TEXTOS_PUSH.falhaCancelamento),
  };
}
