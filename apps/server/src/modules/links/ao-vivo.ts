import type { ServerResponse } from 'node:http';
import type { FastifyBaseLogger } from 'fastify';
import { z } from 'zod';
import { MSG } from '@rastro/shared/messages';
import type { LocalizacaoPublica } from '@rastro/shared/schemas/links';
import type { Database } from '../../db/client';
import { CANAL_EVENTOS, CANAL_LINKS } from '../../lib/canais';
import { localizacaoPublica } from '../localizacoes/service';
import { linkAtivo } from './service';

interface Fluxo {
  linkId: number;
  rastreadorId: number;
  ip: string;
  res: ServerResponse;
  /** What this stream was sent last (time and battery of the position). */
  ultima: string | null;
  prazo: NodeJS.Timeout;
}

const avisoSchema = z.object({ r: z.array(z.number().int()).default([]) });

/** A comment line this often keeps proxies from closing a quiet stream. */
const BATIMENTO_MS = 25_000;

export interface LimitesAoVivo {
  /** Streams one address may hold at once. */
  porIp: number;
  /** Streams this instance holds at once. */
  total: number;
}

/**
 * The public pages' live stream (Server-Sent Events), one tracker per stream: each instance
 * LISTENs to the same notices as the owners' socket and sends the newest position to the streams
 * of that tracker. A stream ends when its link expires (a timer) or is revoked (CANAL_LINKS, from
 * any instance), with an `expirado` event.
 */
export class LinksAoVivo {
  private readonly porRastreador = new Map<number, Set<Fluxo>>();
  private readonly porIp = new Map<string, number>();
  private fila: Promise<void> = Promise.resolve();
  private pararDeOuvir: (() => Promise<void>)[] = [];
  private batimento: NodeJS.Timeout | undefined;

  constructor(
    private readonly database: Database,
    private readonly precisaoGpsMetros: number,
    private readonly log: FastifyBaseLogger,
    private readonly limites: LimitesAoVivo = { porIp: 10, total: 10_000 },
  ) {}

  get abertos() {
    let n = 0;
    for (const s of this.porRastreador.values()) n += s.size;
    return n;
  }

  async iniciar() {
    this.pararDeOuvir.push(
      await this.database.listen(
        CANAL_EVENTOS,
        (payload) => this.aoAviso(payload),
        // Revocations sent while LISTEN was down were missed: check every open link again.
        () => this.enfileirar(() => this.reverTodos()),
      ),
      await this.database.listen(CANAL_LINKS, (payload) => this.encerrarLink(Number(payload))),
    );
    this.batimento = setInterval(() => {
      for (const f of this.todos()) f.res.write(': ok\n\n');
    }, BATIMENTO_MS);
    this.batimento.unref();
  }

  async parar() {
    clearInterval(this.batimento);
    for (const parar of this.pararDeOuvir) await parar().catch(() => undefined);
    for (const f of this.todos()) this.fechar(f);
    await this.fila;
  }

  /** Whether this address may open one more stream here. */
  cabe(ip: string) {
    return this.abertos < this.limites.total && (this.porIp.get(ip) ?? 0) < this.limites.porIp;
  }

  /** Takes over a response (hijacked by the route) as the stream of one link until `expiraEm`. */
  abrir(res: ServerResponse, link: { id: number; rastreadorId: number; expiraEm: Date }, ip: string) {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      // nginx and others would hold the events in a buffer.
      'x-accel-buffering': 'no',
      connection: 'keep-alive',
    });
    res.write(': aberto\n\n');
    const restante = Math.max(0, link.expiraEm.getTime() - Date.now());
    const f: Fluxo = {
      linkId: link.id,
      rastreadorId: link.rastreadorId,
      ip,
      res,
      ultima: null,
      // Past ~24.8 days a timer fires at once; links last at most 7 days.
      prazo: setTimeout(() => this.fechar(f), restante),
    };
    f.prazo.unref();
    const doRastreador = this.porRastreador.get(f.rastreadorId) ?? new Set<Fluxo>();
    doRastreador.add(f);
    this.porRastreador.set(f.rastreadorId, doRastreador);
    this.porIp.set(ip, (this.porIp.get(ip) ?? 0) + 1);
    res.on('close', () => this.remover(f));
  }

  private *todos() {
    for (const s of this.porRastreador.values()) yield* s;
  }

  private remover(f: Fluxo) {
    clearTimeout(f.prazo);
    const s = this.porRastreador.get(f.rastreadorId);
    if (!s?.delete(f)) return;
    if (s.size === 0) this.porRastreador.delete(f.rastreadorId);
    const n = (this.porIp.get(f.ip) ?? 1) - 1;
    if (n > 0) this.porIp.set(f.ip, n);
    else this.porIp.delete(f.ip);
  }

  /** Says the link expired and ends the stream. */
  private fechar(f: Fluxo) {
    this.remover(f);
    f.res.end(`event: expirado\ndata: ${JSON.stringify({ message: MSG.linkExpirado })}\n\n`);
  }

  private encerrarLink(linkId: number) {
    for (const f of [...this.todos()]) if (f.linkId === linkId) this.fechar(f);
  }

  private enfileirar(tarefa: () => Promise<void>) {
    this.fila = this.fila.then(tarefa).catch((err: unknown) => this.log.warn({ err }, 'falha no canal público ao vivo'));
  }

  private aoAviso(payload: string) {
    if (this.porRastreador.size === 0) return;
    let ids: number[];
    try {
      ids = avisoSchema.parse(JSON.parse(payload)).r.filter((id) => this.porRastreador.has(id));
    } catch {
      return;
    }
    if (ids.length > 0) this.enfileirar(() => this.enviar(ids));
  }

  private async enviar(rastreadorIds: readonly number[]) {
    for (const id of rastreadorIds) {
      const fluxos = this.porRastreador.get(id);
      if (!fluxos) continue;
      const p: LocalizacaoPublica | null = await localizacaoPublica(this.database.db, id, this.precisaoGpsMetros);
      if (!p) continue;
      const evento = `event: posicao\ndata: ${JSON.stringify(p)}\n\n`;
      const chave = `${p.dataHora}|${p.bateria ?? ''}`;
      for (const f of fluxos) {
        if (f.ultima === chave) continue;
        f.ultima = chave;
        f.res.write(evento);
      }
    }
  }

  private async reverTodos() {
    const links = new Set([...this.todos()].map((f) => f.linkId));
    for (const id of links) if (!(await linkAtivo(this.database.db, id))) this.encerrarLink(id);
  }
}
