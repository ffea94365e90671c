import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { criarCliente, vincular } from '../apoio/fixtures';

let app: TestApp;
let h: Record<string, string>;
beforeAll(async () => {
  app = await criarApp();
  h = bearer(await entrar(app));
});
afterAll(async () => {
  await app.fechar();
});

const get = (url: string) => app.inject({ method: 'GET', url, headers: h });
const exec = (q: ReturnType<typeof sql>) => app.database.db.execute(q);

describe('dashboard reports', () => {
  it('counts the data of the period, by situation and power situation', async () => {
    const chip = async (n: number) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/chips',
          headers: h,
          payload: { descricao: `C${n}`, numero: `119000000${String(n).padStart(2, '0')}` },
        })
      ).json<{ id: number }>().id;
    const ids: number[] = [];
    for (let i = 1; i <= 6; i++) {
      const r = await app.inject({
        method: 'POST',
        url: '/api/rastreadores',
        headers: h,
        payload: { imei: `3593390800100${String(i).padStart(2, '0')}`, protocolo: 'TOPIN', chipId: await chip(i) },
      });
      ids.push(r.json<{ id: number }>().id);
    }
    const dono = await criarCliente(app);
    const [a, b, c, d, e, f] = ids as [number, number, number, number, number, number];
    await vincular(app, dono.id, a);
    await vincular(app, dono.id, b);
    await exec(sql`update rastreadores set alerta_ate = now() + interval '30 minutes' where id = ${b}`);
    await vincular(app, dono.id, c);
    // An alarm older than 30 minutes no longer counts as ALERTA: the tracker is ATIVO again.
    await exec(sql`update rastreadores set alerta_ate = now() - interval '1 minute' where id = ${c}`);
    await app.inject({ method: 'DELETE', url: `/api/rastreadores/inativar/${d}`, headers: h });
    await exec(sql`update rastreadores set situacao_energia = 'DESLIGADO' where id = ${e}`);
    await app.inject({ method: 'PUT', url: `/api/rastreadores/desligar/${f}`, headers: h });
    // One tracker and one chip registered long ago fall outside the default 31 days.
    await exec(sql`update rastreadores set data_cadastro = now() - interval '40 days' where id = ${e}`);
    await exec(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude) select ${a}, 'GPS', now() - (g || ' minutes')::interval, -23.5, -46.6 from generate_series(1, 25) g`,
    );
    await exec(sql`insert into localizacoes (rastreador_id, tipo, data_hora) values (${a}, 'LBS', now() - interval '60 days')`);

    const tot = (await get('/api/relatorios/totalizadores')).json<Record<string, number>>();
    expect(tot).toEqual({ totalUsuarios: 2, totalRastreadores: 5, totalLocalizacoes: 25, totalChips: 6 });
    expect((await get('/api/relatorios/situacoes')).json()).toEqual({
      totalAguardandoVinculo: 1,
      totalAtivo: 2,
      totalInativo: 1,
      totalAlerta: 1,
    });
    expect((await get('/api/relatorios/situacoes-energia')).json()).toEqual({
      totalDesligado: 0,
      totalLigado: 4,
      totalAguardandoDesligamento: 1,
    });
    // The same situation on the admin's list (the rastreadores module's own query) and on the owner's
    // (meus-rastreadores, through v_rastreadores): the expired alarm is ATIVO, the live one ALERTA.
    const situacoes = (rows: { id?: number; rastreadorId?: number; situacao: string }[]) =>
      Object.fromEntries(rows.map((r) => [r.rastreadorId ?? r.id, r.situacao]));
    const admin = (await get('/api/rastreadores?size=100')).json<{ content: { id: number; situacao: string }[] }>().content;
    expect(situacoes(admin)).toMatchObject({ [b]: 'ALERTA', [c]: 'ATIVO' });
    const doDono = (await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores?size=100', headers: bearer(dono.token) })).json<{
      content: { rastreadorId: number; situacao: string }[];
    }>().content;
    expect(situacoes(doDono)).toEqual({ [a]: 'ATIVO', [b]: 'ALERTA', [c]: 'ATIVO' });

    const hoje = new Date();
    const antes = new Date(hoje.getTime() - 100 * 86_400_000).toISOString().slice(0, 10);
    const depois = new Date(hoje.getTime() + 86_400_000).toISOString().slice(0, 10);
    const tudo = (await get(`/api/relatorios/situacoes-energia?dataInicial=${antes}&dataFinal=${depois}`)).json();
    expect(tudo).toEqual({ totalDesligado: 1, totalLigado: 4, totalAguardandoDesligamento: 1 });
    expect(
      (await get(`/api/relatorios/totalizadores?dataInicial=${antes}&dataFinal=${depois}`)).json<{ totalLocalizacoes: number }>()
        .totalLocalizacoes,
    ).toBe(26);
  });

  it('stops counting locations just past 10000 (the screen shows +10000)', async () => {
    const [r] = (await app.inject({ method: 'GET', url: '/api/rastreadores?size=1', headers: h })).json<{ content: { id: number }[] }>()
      .content;
    await exec(
      sql`insert into localizacoes (rastreador_id, tipo, data_hora) select ${r?.id ?? 0}, 'LBS', now() - interval '1 second' - g * interval '1 millisecond' from generate_series(1, 10050) g`,
    );
    expect((await get('/api/relatorios/totalizadores')).json<{ totalLocalizacoes: number }>().totalLocalizacoes).toBe(10001);
  });

  it('shows the history kept per kind: its oldest record, its size on disk and its retention', async () => {
    await exec(sql`insert into localizacoes (rastreador_id, tipo, data_hora, latitude, longitude)
      select 77, 'GPS', now() - interval '20 days' + g * interval '1 minute', -23.5, -46.6 from generate_series(0, 999) g`);
    await exec(sql`insert into baterias (rastreador_id, bateria, data_cadastro) values (77, 80, now() - interval '3 days')`);
    const r = await get('/api/relatorios/armazenamento');
    expect(r.statusCode).toBe(200);
    const porTipo = Object.fromEntries(
      r.json<{ tipo: string; maisAntiga: string | null; bytes: number; retencaoDias: number }[]>().map((a) => [a.tipo, a]),
    );
    const [gps] = await app.database.db
      .execute(sql`select min(data_hora) as t from localizacoes where tipo = 'GPS'`)
      .then((x) => (x as unknown as { rows: { t: string | Date }[] }).rows);
    expect(porTipo.GPS?.maisAntiga).toBe(new Date(gps?.t ?? 0).toISOString());
    expect(porTipo.GPS?.bytes).toBeGreaterThan(8192);
    expect(porTipo.GPS?.retencaoDias).toBe(400);
    expect(porTipo.WIFI_LBS?.retencaoDias).toBe(90);
    expect(porTipo.BATERIA).toMatchObject({ retencaoDias: 400 });
    expect(porTipo.BATERIA?.maisAntiga).not.toBeNull();
    // Without the dashboard totals code: refused like the totals.
    const cliente = await criarCliente(app);
    expect((await app.inject({ method: 'GET', url: '/api/relatorios/armazenamento', headers: bearer(cliente.token) })).statusCode).toBe(
      403,
    );
  });

  it('validates the period', async () => {
    expect((await get('/api/relatorios/situacoes?dataInicial=2026-13-01')).statusCode).toBe(400);
    const invertido = await get('/api/relatorios/situacoes?dataInicial=2026-05-02&dataFinal=2026-05-01');
    expect(invertido.json()).toEqual({ status: 400, message: 'A data inicial deve ser anterior ou igual à data final.' });
  });
});
