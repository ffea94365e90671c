import Fastify from 'fastify';
import pg from 'pg';
import {
  DESCRICAO_SITUACAO_ENERGIA,
  DESCRICAO_SITUACAO_RASTREADOR,
  type SituacaoEnergia,
  type SituacaoRastreador,
} from '@rastro/shared/dominio';
import { caminhoDaFoto } from '@rastro/shared/constants';
import { ajustarV8, compressionPlugin } from '@rastro/server';
import { ENV_POOL, ENV_URL } from './mensagens';
import { servirNoFilho } from '../lib/servir-no-filho';

/**
 * The baseline: a bare Fastify app with one route per benchmarked endpoint, each running the SQL
 * that endpoint's repositories run (same shape, same order, same pool size) straight through
 * `pg` and answering the same JSON body (the benchmark checks they are equal), built by hand:
 * no authentication queries, no zod validation or serialisation, no ORM, no plugins or hooks but the
 * server's compression (the same answer on the wire).
 * The statements the server names (its raw SQL, `consultar` in db/client.ts) are named here too,
 * so each connection plans them once on both sides; the server's ORM queries (the owner's link
 * in the history) run unnamed on both.
 * The caller says who it is in the query string. What the real server adds on top is its cost.
 */
const SITUACAO_EFETIVA = `(case when r.situacao <> 'INATIVO' and r.alerta_ate > now() then 'ALERTA' else r.situacao end)`;

/** localizacoes/repository.ts listarLocalizacoesAtuais({usuarioId}). */
const SQL_ATUAL = `select ur.id, ur.rastreador_id, ur.usuario_id, ur.descricao,
    r.bateria, r.situacao_energia, l.tipo, l.data_hora, l.latitude, l.longitude, l.precisao, l.velocidade,
    ur.perdido_desde, ur.perdido_ate,
    case when ur.usuario_id = $1 then null else (select u.nome from usuarios u where u.id = ur.usuario_id) end as compartilhado_por,
    (select f.versao from fotos_pets f where f.usuario_rastreador_id = ur.id) as foto_versao
  from usuario_rastreadores ur
  join rastreadores r on r.id = ur.rastreador_id
  join lateral (
    select tipo, data_hora, latitude, longitude, precisao, velocidade from localizacoes_atuais
    where rastreador_id = ur.rastreador_id
    order by data_hora desc limit 1
  ) l on true
  where (ur.usuario_id = $1 or ur.id = any(array(select g.usuario_rastreador_id from guardioes g where g.usuario_id = $1)))
  order by ur.descricao, ur.id`;

/** zonas/repository.ts ladosNasZonas({usuarioId}): the zones each tracker is outside of or inside of (no pet in the data is shared). */
const SQL_LADOS = `select e.rastreador_id, z.nome, e.estado
  from zona_estados e
  join zonas z on z.id = e.zona_id
  join usuario_rastreadores ur on ur.rastreador_id = e.rastreador_id and ur.usuario_id = z.usuario_id
  where z.usuario_id = $1 and e.estado in ('FORA', 'DENTRO') and z.alertar_saida
  order by z.nome`;

/** meus-rastreadores/repository.ts buscar(usuarioId, id): the owner's link. */
const SQL_VINCULO = `select ur.id, ur.usuario_id, r.id as rastreador_id, r.imei, ur.descricao, ur.intervalo_localizacao, r.bateria, r.nivel_sinal,
    ur.data_cadastro, r.ultima_comunicacao, ${SITUACAO_EFETIVA} as situacao, r.situacao_energia, ur.economia_bateria,
    ur.ultra_economia_bateria, ur.peri_ultra_econ_bateria
  from usuario_rastreadores ur inner join rastreadores r on r.id = ur.rastreador_id
  where ur.id = $1 and (ur.usuario_id = $2 or ur.id = any(array(select g.usuario_rastreador_id from guardioes g where g.usuario_id = $2)))`;

/** meus-rastreadores/repository.ts rastreadorDoVinculo(usuarioId, id): the tracker behind a link the user sees. */
const SQL_VISIVEL = `select ur.rastreador_id as "rastreadorId" from usuario_rastreadores ur
  where ur.id = $1 and (ur.usuario_id = $2 or ur.id = any(array(select g.usuario_rastreador_id from guardioes g where g.usuario_id = $3)))`;

/** localizacoes/repository.ts historico(). */
const SQL_HISTORICO = `select id, tipo, data_hora, latitude, longitude, velocidade, curso, precisao from localizacoes
  where rastreador_id = $1 and latitude is not null and not futura and data_hora >= $2::timestamptz and data_hora <= $3::timestamptz
  order by data_hora asc, id asc limit 20000`;

/** atividade/repository.ts diasDoRastreador(): the period's days with activity, by primary key. */
const SQL_ATIVIDADE = `select to_char(data, 'YYYY-MM-DD') as data, distancia_metros as "distanciaMetros", segundos_ativos as "segundosAtivos",
    segundos_repouso as "segundosRepouso"
  from atividade_dias where rastreador_id = $1 and data between $2::date and $3::date`;

/** rastreadores/repository.ts listar({page, size}) ordered by id: the page's ids and their joins, with the total. */
const SQL_LISTA = `select r.id, r.imei, r.protocolo, ${SITUACAO_EFETIVA} as situacao, r.situacao_energia, r.bateria, r.data_cadastro, r.chip_id,
    c.numero as chip_numero, ur.descricao as rastreador_descricao, u.nome as usuario_nome, r.codigo_ativacao_hash is not null as tem_codigo_ativacao,
    r.origens_alternadas_em, (select count(*)::int from rastreadores where true) as total
  from rastreadores r
  left join chips c on c.id = r.chip_id
  left join usuario_rastreadores ur on ur.rastreador_id = r.id
  left join usuarios u on u.id = ur.usuario_id
  where r.id in (select id from rastreadores where true order by id asc limit $1 offset $2)
  order by r.id asc`;
/** Past the last page, no row carries the total. */
const SQL_LISTA_TOTAL = `select count(*)::int as n from rastreadores`;

/** relatorios/repository.ts totalizadores(): four counts in one statement. */
const SQL_TOTAIS = `select
  (select count(*)::int from usuarios where data_cadastro >= $1::timestamptz and data_cadastro < $2::timestamptz) as "totalUsuarios",
  (select count(*)::int from rastreadores where data_cadastro >= $1::timestamptz and data_cadastro < $2::timestamptz) as "totalRastreadores",
  (select count(*)::int from chips where data_cadastro >= $1::timestamptz and data_cadastro < $2::timestamptz) as "totalChips",
  rastro_contar_localizacoes($1::timestamptz, $2::timestamptz, 10001) as "totalLocalizacoes"`;

const numero = (v: unknown) => Number(v);

interface Posicao {
  tipo: string;
  data_hora: Date;
  latitude: number;
  longitude: number;
  precisao: number | null;
  velocidade: number | null;
}

/** A map marker, as the API answers it (shared/schemas/mapa.ts marcadorSchema); the history's carry no photo. */
function marcador(
  id: number,
  rastreadorId: number,
  usuarioRastreadorId: number,
  nome: string,
  bateria: number | null,
  energia: string,
  l: Posicao,
  lados: { fora: string[]; dentro: string[] } = { fora: [], dentro: [] },
  perdido: { perdido_desde: Date | null; perdido_ate: Date | null } = { perdido_desde: null, perdido_ate: null },
  compartilhadoPor: string | null = null,
  foto: string | null = null,
) {
  const { perdido_desde: desde, perdido_ate: ate } = perdido;
  const modoPerdido =
    desde && ate && ate.getTime() > Date.now() ? { ativo: true as const, desde: desde.toISOString(), ate: ate.toISOString() } : null;
  const situacaoEnergia = energia as SituacaoEnergia;
  return {
    id,
    rastreadorId,
    usuarioRastreadorId,
    name: nome,
    position: { lat: l.latitude, lng: l.longitude },
    bateria,
    situacaoEnergia,
    situacaoEnergiaDescricao: DESCRICAO_SITUACAO_ENERGIA[situacaoEnergia],
    desligar: situacaoEnergia === 'LIGADO',
    dataHora: l.data_hora.toISOString(),
    tipo: l.tipo,
    precisao: l.precisao,
    velocidade: l.velocidade,
    foraDeZonas: lados.fora,
    dentroDeZonas: lados.dentro,
    compartilhadoPor,
    modoPerdido,
    foto,
  };
}

servirNoFilho(async () => {
  // The server's V8 settings here too (servidor.ts): the ratio compares the stacks, not runtimes.
  if (!process.env.SEM_AJUSTE_V8) ajustarV8();
  const url = process.env[ENV_URL];
  if (!url) throw new Error(`${ENV_URL} ausente`);
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env[ENV_POOL] ?? 10) });
  pool.on('error', () => undefined);
  const app = Fastify({ logger: false });
  // The server's compression (issue #33), the same plugin and settings: the ratio compares the stacks.
  await app.register(compressionPlugin);
  type Q = Record<string, string | undefined>;

  type Vinculo = { id: number; rastreador_id: number; descricao: string; bateria: number | null; situacao_energia: string };
  type Perdido = { perdido_desde: Date | null; perdido_ate: Date | null; compartilhado_por: string | null; foto_versao: string | null };

  app.get('/atual', async (req) => {
    const usuarioId = numero((req.query as Q).usuarioId);
    const [{ rows }, zonas] = await Promise.all([
      pool.query<Vinculo & Posicao & Perdido>({ name: 'atual', text: SQL_ATUAL, values: [usuarioId] }),
      pool.query<{ rastreador_id: number; nome: string; estado: string }>({ name: 'lados', text: SQL_LADOS, values: [usuarioId] }),
    ]);
    const lados = new Map<number, { fora: string[]; dentro: string[] }>();
    for (const z of zonas.rows) {
      let l = lados.get(z.rastreador_id);
      if (!l) lados.set(z.rastreador_id, (l = { fora: [], dentro: [] }));
      (z.estado === 'FORA' ? l.fora : l.dentro).push(z.nome);
    }
    return rows.map((r) =>
      marcador(
        r.id,
        r.rastreador_id,
        r.id,
        r.descricao,
        r.bateria,
        r.situacao_energia,
        r,
        lados.get(r.rastreador_id),
        r,
        r.compartilhado_por,
        r.foto_versao === null ? null : caminhoDaFoto(r.id, r.foto_versao),
      ),
    );
  });

  app.get('/historico', async (req, reply) => {
    const q = req.query as Q;
    const link = (await pool.query<Vinculo>(SQL_VINCULO, [numero(q.usuarioRastreadorId), numero(q.usuarioId)])).rows[0];
    if (!link) return reply.code(404).send({ status: 404 });
    const { rows } = await pool.query<Posicao & { id: string }>({
      name: 'historico',
      text: SQL_HISTORICO,
      values: [link.rastreador_id, q.dataInicial, q.dataFinal],
    });
    return rows.map((l) => marcador(Number(l.id), link.rastreador_id, link.id, link.descricao, link.bateria, link.situacao_energia, l));
  });

  app.get('/atividade', async (req, reply) => {
    const q = req.query as Q;
    const usuarioId = numero(q.usuarioId);
    const link = (
      await pool.query<{ rastreadorId: number }>({
        name: 'visivel',
        text: SQL_VISIVEL,
        values: [numero(q.usuarioRastreadorId), usuarioId, usuarioId],
      })
    ).rows[0];
    if (!link) return reply.code(404).send({ status: 404 });
    const de = q.dataInicial ?? '';
    const ate = q.dataFinal ?? '';
    const { rows } = await pool.query<{ data: string; distanciaMetros: number; segundosAtivos: number; segundosRepouso: number }>({
      name: 'atividade',
      text: SQL_ATIVIDADE,
      values: [link.rastreadorId, de, ate],
    });
    const porDia = new Map(rows.map((r) => [r.data, r]));
    const dias = [];
    for (let t = Date.parse(`${de}T00:00:00Z`); t <= Date.parse(`${ate}T00:00:00Z`); t += 86_400_000) {
      const data = new Date(t).toISOString().slice(0, 10);
      const r = porDia.get(data);
      dias.push({
        data,
        distanciaMetros: Math.round(r?.distanciaMetros ?? 0),
        minutosAtivos: Math.round((r?.segundosAtivos ?? 0) / 60),
        minutosRepouso: Math.round((r?.segundosRepouso ?? 0) / 60),
      });
    }
    return dias;
  });

  type Linha = {
    id: number;
    imei: string;
    protocolo: string;
    situacao: string;
    situacao_energia: string;
    bateria: number | null;
    data_cadastro: Date;
    chip_id: number | null;
    chip_numero: string | null;
    rastreador_descricao: string | null;
    usuario_nome: string | null;
    tem_codigo_ativacao: boolean;
    origens_alternadas_em: Date | null;
    total: number;
  };
  app.get('/rastreadores', async (req) => {
    const q = req.query as Q;
    const size = numero(q.size ?? 10);
    const page = numero(q.page ?? 0);
    const { rows } = await pool.query<Linha>({ name: 'lista', text: SQL_LISTA, values: [size, page * size] });
    const total = rows[0]?.total ?? (await pool.query<{ n: number }>({ name: 'lista_total', text: SQL_LISTA_TOTAL })).rows[0]?.n ?? 0;
    const totalPages = Math.ceil(total / size);
    const content = rows.map((r) => {
      const situacao = r.situacao as SituacaoRastreador;
      const situacaoEnergia = r.situacao_energia as SituacaoEnergia;
      return {
        id: r.id,
        imei: r.imei,
        rastreadorDescricao: r.rastreador_descricao,
        bateria: r.bateria,
        chipId: r.chip_id,
        chipNumero: r.chip_numero,
        usuarioNome: r.usuario_nome,
        dataCadastro: r.data_cadastro.toISOString(),
        protocolo: r.protocolo,
        situacao,
        situacaoDescricao: DESCRICAO_SITUACAO_RASTREADOR[situacao],
        situacaoCodigo: situacao === 'INATIVO' ? 'INATIVO' : 'ATIVO',
        situacaoEnergia,
        situacaoEnergiaDescricao: DESCRICAO_SITUACAO_ENERGIA[situacaoEnergia],
        temCodigoAtivacao: r.tem_codigo_ativacao,
        origensAlternadasEm: r.origens_alternadas_em?.toISOString() ?? null,
      };
    });
    return {
      content,
      number: page,
      size,
      totalElements: total,
      totalPages,
      first: page === 0,
      last: page >= totalPages - 1,
      numberOfElements: content.length,
    };
  });

  app.get('/totalizadores', async () => {
    // The dashboard's default period: the last 31 days up to the end of today.
    const fim = new Date(Date.now() + 86_400_000);
    const inicio = new Date(fim.getTime() - 32 * 86_400_000);
    const r =
      (await pool.query<Record<string, number>>({ name: 'totais', text: SQL_TOTAIS, values: [inicio.toISOString(), fim.toISOString()] }))
        .rows[0] ?? {};
    return {
      totalUsuarios: r.totalUsuarios,
      totalRastreadores: r.totalRastreadores,
      totalLocalizacoes: r.totalLocalizacoes,
      totalChips: r.totalChips,
    };
  });

  return { app, liberar: () => pool.end() };
});
