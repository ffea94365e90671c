import * as z from '@rastro/shared/zod';
import { ID_MAX, PERIODO_MAXIMO_HISTORICO_DIAS } from '../constants';
import { SITUACOES_ENERGIA, TIPOS_LOCALIZACAO, TIPOS_VISUALIZACAO } from '../dominio';
import { MSG, periodoMaximo } from '../messages';
import { compararDatas, dataDeDate, parseData, parseHora } from '../validators';
import { nomeado } from './common';
import { dataHoraIso } from './localizacoes';
import { meuRastreadorSchema, modoPerdidoSchema } from './meus-rastreadores';

const DIA_MS = 86_400_000;

/** What is wrong with a history period (the query's and the form's rule), or null when it is fine. */
function erroDoPeriodo(inicio: string, fim: string): string | null {
  const ms = Date.parse(fim) - Date.parse(inicio);
  if (ms < 0) return MSG.dataFinalAntesInicial;
  if (ms > PERIODO_MAXIMO_HISTORICO_DIAS * DIA_MS) return periodoMaximo(PERIODO_MAXIMO_HISTORICO_DIAS);
  return null;
}

/**
 * GET /api/usuarios/rastreadores/ultimas-localizacoes. ATUAL: the latest position of each of
 * the user's trackers (or of one); HISTORICO: one tracker's positions between two instants.
 */
export const mapaQuerySchema = z
  .object({
    tipoVisualizacao: z.enum(TIPOS_VISUALIZACAO, { error: MSG.campoObrigatorio }),
    usuarioRastreadorId: z.optional(
      z.coerce.number({ error: MSG.campoInvalido }).check(z.int(), z.positive(), z.lte(ID_MAX, MSG.campoInvalido)),
    ),
    dataInicial: z.optional(dataHoraIso()),
    dataFinal: z.optional(dataHoraIso()),
  })
  .check(
    z.superRefine((q, ctx) => {
      if (q.tipoVisualizacao !== 'HISTORICO') return;
      for (const campo of ['usuarioRastreadorId', 'dataInicial', 'dataFinal'] as const) {
        if (q[campo] === undefined) ctx.addIssue({ code: 'custom', path: [campo], message: MSG.campoObrigatorio });
      }
      if (!q.dataInicial || !q.dataFinal) return;
      const message = erroDoPeriodo(q.dataInicial, q.dataFinal);
      if (message) ctx.addIssue({ code: 'custom', path: ['dataFinal'], message });
    }),
  );
export type MapaQuery = z.infer<typeof mapaQuerySchema>;

/** A map marker: the latest position of a tracker (ATUAL) or one point of a route (HISTORICO). */
export const marcadorSchema = nomeado(
  'Marcador',
  z.object({
    /** ATUAL: the owner's link id; HISTORICO: the position's id. */
    id: z.int(),
    rastreadorId: z.int(),
    usuarioRastreadorId: z.int(),
    name: z.string(),
    position: z.object({ lat: z.number(), lng: z.number() }),
    bateria: z.nullable(z.int()),
    situacaoEnergia: z.enum(SITUACOES_ENERGIA),
    situacaoEnergiaDescricao: z.string(),
    /** The tracker can be turned off now (it is LIGADO). */
    desligar: z.boolean(),
    dataHora: z.string(),
    tipo: z.enum(TIPOS_LOCALIZACAO),
    /** Accuracy radius in metres for WIFI/LBS positions. */
    precisao: z.nullable(z.number()),
    velocidade: z.nullable(z.number()),
    /** ATUAL: the names of the zones (alerting on leaving) the tracker is outside of now; HISTORICO: empty. */
    foraDeZonas: z.array(z.string()),
    /** ATUAL: the names of the zones (alerting on leaving) the tracker is inside of now; HISTORICO: empty. */
    dentroDeZonas: z.array(z.string()),
    /** ATUAL: the owner's name when the pet is shared with the user (co-guardian); null for the owner and in HISTORICO. */
    compartilhadoPor: z.nullable(z.string()),
    /** ATUAL: lost-pet mode while on; HISTORICO: null. */
    modoPerdido: modoPerdidoSchema,
    /** The pet's photo (a URL that changes with the photo), null when it has none or in HISTORICO. */
    foto: z.nullable(z.string()),
  }),
);
export type Marcador = z.infer<typeof marcadorSchema>;
export const marcadoresSchema = z.array(marcadorSchema);

/**
 * 'DD/MM/YYYY' + 'HH:mm' in a fixed UTC offset ('-03:00') → ISO-8601, or null when invalid.
 * `fimDoMinuto` gives the minute's last second: a period ending at 14:05 includes 14:05:30.
 */
export function juntarDataHora(data: string, hora: string, offset: string, fimDoMinuto = false): string | null {
  const d = parseData(data);
  const h = parseHora(hora);
  if (!d || h === null) return null;
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.ano, 4)}-${p(d.mes)}-${p(d.dia)}T${p(Math.floor(h / 60))}:${p(h % 60)}:${fimDoMinuto ? '59' : '00'}${offset}`;
}

/** The map's filter form (spec §5, Map search). */
export const mapaFormSchema = z
  .object({
    tipoVisualizacao: z.enum(TIPOS_VISUALIZACAO, { error: MSG.campoObrigatorio }),
    usuarioRastreadorId: z.nullable(z.int().check(z.positive(), z.lte(ID_MAX))),
    dataInicial: z.string().check(z.trim()),
    horaInicial: z.string().check(z.trim()),
    dataFinal: z.string().check(z.trim()),
    horaFinal: z.string().check(z.trim()),
  })
  .check(
    z.superRefine((f, ctx) => {
      if (f.tipoVisualizacao !== 'HISTORICO') return;
      const erro = (campo: keyof typeof f, message: string) => ctx.addIssue({ code: 'custom', path: [campo], message });
      if (f.usuarioRastreadorId === null) erro('usuarioRastreadorId', MSG.campoObrigatorio);
      const hoje = dataDeDate(new Date());
      const datas = { dataInicial: parseData(f.dataInicial), dataFinal: parseData(f.dataFinal) };
      for (const campo of ['dataInicial', 'dataFinal'] as const) {
        const d = datas[campo];
        if (!f[campo]) erro(campo, MSG.campoObrigatorio);
        else if (!d) erro(campo, MSG.dataInvalida);
        else if (compararDatas(d, hoje) > 0) erro(campo, MSG.dataMenorOuIgualHoje);
      }
      for (const campo of ['horaInicial', 'horaFinal'] as const) {
        if (!f[campo]) erro(campo, MSG.campoObrigatorio);
        else if (parseHora(f[campo]) === null) erro(campo, MSG.horaInvalida);
      }
      const ini = juntarDataHora(f.dataInicial, f.horaInicial, 'Z');
      const fim = juntarDataHora(f.dataFinal, f.horaFinal, 'Z');
      if (!ini || !fim) return;
      const message = erroDoPeriodo(ini, fim);
      if (message) erro('dataFinal', message);
    }),
  );
export type MapaForm = z.infer<typeof mapaFormSchema>;

/** The first message on /api/socket: the bearer token (and the emulated user, for PER2). */
export const socketAuthSchema = z.object({
  token: z.string().check(z.minLength(1), z.maxLength(200)),
  usuarioEmulado: z.optional(z.int().check(z.positive(), z.lte(ID_MAX))),
});
export type SocketAuth = z.infer<typeof socketAuthSchema>;

/** A notification as the list and the live channel carry it. */
export const notificacaoSchema = nomeado(
  'Notificacao',
  z.object({ id: z.int(), dataCadastro: z.string(), descricao: z.string(), lida: z.boolean() }),
);
export type Notificacao = z.infer<typeof notificacaoSchema>;

/** What /api/socket pushes: only the user's own trackers and notifications. */
export const eventoSocketSchema = z.object({
  posicoes: z.array(marcadorSchema),
  rastreadores: z.array(meuRastreadorSchema),
  notificacoes: z.array(notificacaoSchema),
  /** The unread count after these notifications (present when notificacoes is not empty, or with `notificacoesAtualizadas`). */
  naoLidas: z.optional(z.int()),
  /** A repeated alarm counted into a notification already sent (its text and unread state changed): re-read the list. */
  notificacoesAtualizadas: z.optional(z.boolean()),
  /** Trackers this user no longer sees (a co-guardian removed or who left, issue #20): rastreadorIds. */
  removidos: z.optional(z.array(z.int())),
  /** This user's subscriptions or charges changed (a payment landed, a pet was suspended): re-read them and the map (issue #35). */
  pagamentos: z.optional(z.boolean()),
});
export type EventoSocket = z.infer<typeof eventoSocketSchema>;
/** The server's answer to a bad first message, before it closes the socket. */
export const socketErroSchema = z.object({ erro: z.string() });
