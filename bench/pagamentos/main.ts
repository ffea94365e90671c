import { cpus, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { consultar, NIVEL_CLIENTE, openPostgres, rodadaDeCobranca, senhaAleatoria, seed, type Database } from '@rastro/server';
import { lerArgs } from '../lib/args';
import { iniciarPostgresTemp, type PostgresTemp } from '../lib/postgres-temp';
import { executar, imprimir, nota } from '../lib/report';
import { mediana } from '../lib/stats';
import { medirWebhooks, N_WEBHOOKS } from './webhooks';

/**
 * bench/pagamentos (issue #35): the billing round creating one period's charges of N active
 * subscriptions (each with its own txid and static BR Code), against a baseline in the same run:
 * one `INSERT … SELECT` of N rows of the same shape, no code and no choosing. Three rounds each,
 * on a fresh period every time; the median counts. Then 1,000 PSP callbacks settling their charges
 * while the real API answers other requests: its p99 then, against its p99 alone in the same run.
 */
const N = 10_000;
const RODADAS = 3;
const RECEBEDOR = { chave: 'pagamentos@rastro.test', nome: 'Rastro Pets Ltda', cidade: 'São Paulo' };
const INICIO = '2027-01-10';

async function cadastrar(database: Database) {
  const db = database.db;
  await seed(db, { email: 'admin@bench.rastro.local', password: senhaAleatoria() });
  const [nivel] = await consultar<{ id: number }>(db, sql`select id from niveis where nome = ${NIVEL_CLIENTE}`);
  if (!nivel) throw new Error('nível de cliente ausente');
  await db.execute(sql`insert into usuarios (nome, email, nivel_id)
    select 'DONO ' || g, 'dono' || g || '@bench.rastro.local', ${nivel.id} from generate_series(1, ${N}) g`);
  await db.execute(sql`insert into rastreadores (imei, protocolo, situacao)
    select (860000000000000 + g)::text, 'TOPIN', 'ATIVO' from generate_series(1, ${N}) g`);
  await db.execute(sql`insert into usuario_rastreadores (usuario_id, rastreador_id, descricao)
    select u.id, r.id, 'PET ' || u.id
    from (select id, row_number() over (order by id) n from usuarios where email like 'dono%@bench.rastro.local') u
    join (select id, row_number() over (order by id) n from rastreadores) r on r.n = u.n`);
  const [plano] = await consultar<{ id: number }>(
    db,
    sql`insert into planos (nome, valor_centavos, periodo) values ('Mensal', 2990, 'MENSAL') returning id`,
  );
  await db.execute(sql`insert into assinaturas (usuario_rastreador_id, usuario_id, pet, plano_id, valor_centavos, periodo, dias_carencia, forma, inicio)
    select v.id, v.usuario_id, v.descricao, ${plano?.id}, 2990, 'MENSAL', 7, 'PIX', ${INICIO}::date from usuario_rastreadores v`);
  // The baseline writes the same rows into a copy (same columns, constraints and indexes), so the next round's periods are not moved.
  await db.execute(sql`create table cobrancas_base (like cobrancas including all)`);
  await db.execute(sql`vacuum (analyze) assinaturas`);
}

async function main() {
  const args = lerArgs();
  nota(
    `máquina: ${cpus().length} núcleos, carga média ${loadavg()[0]?.toFixed(1)}; ${N} assinaturas${args.quick ? ' (--quick: as mesmas)' : ''}`,
  );
  let pg: PostgresTemp | undefined;
  let database: Database | undefined;
  try {
    pg = await iniciarPostgresTemp();
    database = await openPostgres(pg.url, 4);
    await database.migrate();
    await cadastrar(database);
    const deps = {
      db: database.db,
      config: { timezone: 'America/Sao_Paulo', appUrl: 'http://127.0.0.1' },
      emails: {
        enfileirar: () => {
          throw new Error('nenhum lembrete deveria sair: as cobranças vencem em 10 dias');
        },
      },
    };
    const rodada: number[] = [];
    const base: number[] = [];
    // Period k of every subscription: the round the day its charge is created (10 days ahead), then the baseline's rows.
    for (let k = 0; k < RODADAS; k++) {
      // The day before the 10th of month k (the period's start), minus the 10 days of lead: the last day of the month before.
      const hoje = new Date(Date.UTC(2027, k, 0)).toISOString().slice(0, 10);
      const t0 = performance.now();
      const r = await rodadaDeCobranca(deps, RECEBEDOR, hoje, 10);
      rodada.push(performance.now() - t0);
      if (r.criadas !== N) throw new Error(`a rodada ${k} criou ${r.criadas} cobranças, não ${N}`);
      const t1 = performance.now();
      await database.db
        .execute(sql`insert into cobrancas_base (assinatura_id, usuario_id, txid, valor_centavos, periodo_inicio, periodo_fim, vencimento, pix_copia_e_cola)
        select a.id, a.usuario_id, 'BASE' || ${k} || lpad(a.id::text, 20, '0'), a.valor_centavos,
          (${INICIO}::date + make_interval(years => 10, months => ${k}))::date, (${INICIO}::date + make_interval(years => 10, months => ${k + 1}))::date - 1,
          (${INICIO}::date + make_interval(years => 10, months => ${k}))::date, repeat('0', 130)
        from assinaturas a`);
      base.push(performance.now() - t1);
      // Paid before the next round: nothing falls overdue, every subscription stays active.
      await database.db.execute(sql`update cobrancas set situacao = 'PAGO', pago_em = now() where situacao in ('PENDENTE', 'VENCIDO')`);
      nota(
        `rodada ${k + 1} (hoje ${hoje}): ${r.criadas} cobranças em ${rodada[k]?.toFixed(0)} ms; a base (INSERT … SELECT das mesmas ${N} linhas) em ${base[k]?.toFixed(0)} ms`,
      );
    }
    imprimir({
      nome: 'pagamentos.criar_cobrancas_10k_ms',
      valor: mediana(rodada),
      unidade: 'ms',
      orcamento: { op: '<=', valor: 5000 },
      base: mediana(base),
    });
    const w = await medirWebhooks(database, pg.url);
    nota(
      `${N_WEBHOOKS} webhooks do PSP em ${w.segundos.toFixed(1)} s (p99 de cada um ${w.p99Webhook.toFixed(0)} ms), cada Pix liquidado uma vez, e de novo todos (repetidos): nada mudou; p99 da API sozinha ${w.p99Base.toFixed(1)} ms`,
    );
    imprimir({
      nome: 'pagamentos.webhooks_1k_api_p99_ms',
      valor: w.p99ComWebhooks,
      unidade: 'ms',
      orcamento: { op: '<=', valor: 200 },
      base: w.p99Base,
    });
    nota(`carga média no fim: ${loadavg()[0]?.toFixed(1)}`);
  } finally {
    await database?.close();
    await pg?.parar();
  }
}

executar('pagamentos', main);
