import { sql } from 'drizzle-orm';
import { encodeAlarm, encodeGps, encodeLogin, encodeStatus, encodeWifiLbs } from '@rastro/topin/device-to-server/encode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GatewayTopin } from '../../src/gateway/servidor';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { contar, criarCliente, registrarRastreador, vincular } from '../apoio/fixtures';
import { conectarDispositivo } from '../apoio/dispositivo';

let app: TestApp;
let gateway: GatewayTopin;
let porta = 0;
let h: Record<string, string>;
let rastreadorId = 0;
let donoId = 0;
let donoToken = '';
const IMEI = '359339080000011';

beforeAll(async () => {
  app = await criarApp();
  h = bearer(await entrar(app));
  const chip = (
    await app.inject({ method: 'POST', url: '/api/chips', headers: h, payload: { descricao: 'GW', numero: '11955554444' } })
  ).json<{ id: number }>().id;
  rastreadorId = (
    await app.inject({ method: 'POST', url: '/api/rastreadores', headers: h, payload: { imei: IMEI, protocolo: 'TOPIN', chipId: chip } })
  ).json<{ id: number }>().id;
  const dono = await criarCliente(app);
  donoId = dono.id;
  donoToken = dono.token;
  await vincular(app, dono.id, rastreadorId, 'PIPOCA');
  gateway = new GatewayTopin(app.database, app.log, { port: 0, host: '127.0.0.1', idleMs: 1500, maxConexoesPorIp: 4, maxBuffer: 4096 });
  porta = await gateway.iniciar();
});
afterAll(async () => {
  await gateway.parar();
  await app.fechar();
});

const dispositivo = () => conectarDispositivo(porta);

const fix = (segundos: number) => ({
  type: 0x10 as const,
  time: new Date(Date.UTC(2026, 10, 22, 12, 0, segundos)),
  latitude: -23.5614,
  longitude: -46.6559,
  speedKmh: 4,
  course: 90,
  satellites: 8,
  valid: true,
  buffered: false,
});
/** The ack echoes the device's LEN byte (as the real devices' vectors show) and the fix time. */
const LEN_GPS = encodeGps(fix(0))[2]?.toString(16).padStart(2, '0') ?? '';
const gpsAckHex = (t: Date) =>
  `7878${LEN_GPS}10${[t.getUTCFullYear() - 2000, t.getUTCMonth() + 1, t.getUTCDate(), t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds()].map((n) => n.toString(16).padStart(2, '0')).join('')}0d0a`;
const posicoes = (segundo: number) =>
  consultar<{ n: number }>(
    app.database.db,
    sql`select count(*)::int as n from localizacoes where rastreador_id = ${rastreadorId} and tipo = 'GPS' and data_hora = ${new Date(Date.UTC(2026, 10, 22, 12, 0, segundo)).toISOString()}::timestamptz`,
  ).then((r) => r[0]?.n ?? 0);

describe('TOPIN gateway over TCP', () => {
  it('refuses an unknown IMEI with 0x44 and closes', async () => {
    const d = await dispositivo();
    await d.enviar(encodeLogin('359339089999999', 1));
    await d.esperar('7878014 40d0a'.replace(' ', ''));
    await d.esperarFechar();
  });

  it('ignores data before login, then accepts the login with a time packet', async () => {
    const d = await dispositivo();
    await d.enviar(encodeGps(fix(1)));
    await new Promise((r) => setTimeout(r, 200));
    expect(d.recebido().length).toBe(0);
    expect(await posicoes(1)).toBe(0);
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    await d.esperar('78780730');
    d.fim();
  });

  it('acknowledges a GPS fix only once it is in the database, with split and coalesced frames', async () => {
    const d = await dispositivo();
    // Login and a first fix in one TCP write.
    await d.enviar(Buffer.concat([encodeLogin(IMEI, 1), encodeGps(fix(2))]));
    await d.esperar(gpsAckHex(fix(2).time));
    expect(await posicoes(2)).toBe(1);
    // A fix cut in three writes, with line noise (no 78 78) in front of it.
    const bytes = Buffer.concat([Buffer.from('ffff0d0a0001', 'hex'), encodeGps(fix(3))]);
    for (const parte of [bytes.subarray(0, 5), bytes.subarray(5, 14), bytes.subarray(14)]) {
      await d.enviar(parte);
      await new Promise((r) => setTimeout(r, 30));
    }
    await d.esperar(gpsAckHex(fix(3).time));
    expect(await posicoes(3)).toBe(1);
    const [r] = await consultar<{ latitude: number; longitude: number; velocidade: number }>(
      app.database.db,
      sql`select latitude, longitude, velocidade from localizacoes where rastreador_id = ${rastreadorId} and data_hora = ${fix(3).time.toISOString()}::timestamptz`,
    );
    expect(r?.latitude).toBeCloseTo(-23.5614, 5);
    expect(r?.longitude).toBeCloseTo(-46.6559, 5);
    expect(r?.velocidade).toBe(4);
    d.fim();
  });

  it('stores status (battery, signal) and WI-FI/cell scans, answering each', async () => {
    const d = await dispositivo();
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    await d.enviar(encodeStatus({ battery: 77, firmware: 1, timezone: 0, statusIntervalMin: 5, signal: 60 }));
    await d.esperar('787801130d0a');
    const [b] = await consultar<{ bateria: number; nivel_sinal: number }>(
      app.database.db,
      sql`select bateria, nivel_sinal from rastreadores where id = ${rastreadorId}`,
    );
    expect(b).toEqual({ bateria: 77, nivel_sinal: 60 });
    const scan = encodeWifiLbs({
      type: 0x18,
      time: new Date(Date.UTC(2026, 10, 22, 12, 5, 0)),
      accessPoints: [{ mac: 'a4:39:b3:73:81:3c', signalDbm: -60 }],
      mcc: 724,
      mnc: 5,
      cells: [{ mcc: 724, mnc: 5, lac: 1234, cellId: 5678, signal: 50 }],
      cellWidth: 2,
    });
    await d.enviar(scan);
    // LEN of a WI-FI frame is its access-point count (1 here), echoed in the ack.
    await d.esperar('78780118' + '261122120500' + '0d0a');
    const linhas = await consultar<{ tipo: string; mac_address: string | null; codigo_pais: number | null }>(
      app.database.db,
      sql`select tipo, mac_address, codigo_pais from localizacoes where rastreador_id = ${rastreadorId} and tipo <> 'GPS' order by tipo`,
    );
    expect(linhas).toEqual([
      { tipo: 'LBS', mac_address: null, codigo_pais: 724 },
      { tipo: 'WIFI', mac_address: 'a4:39:b3:73:81:3c', codigo_pais: null },
    ]);
    d.fim();
  });

  it('a status with battery and signal out of 0–100 (255, 255) shows no 255: the last battery stays, the signal is unknown', async () => {
    const d = await dispositivo();
    await d.enviar(Buffer.concat([encodeLogin(IMEI, 1), encodeGps(fix(40))]));
    await d.esperar(gpsAckHex(fix(40).time));
    await d.enviar(encodeStatus({ battery: 81, firmware: 1, timezone: 0, statusIntervalMin: 5, signal: 70 }));
    await d.esperar('787801130d0a');
    const antes = await contar(app, 'baterias', sql`rastreador_id = ${rastreadorId}`);
    d.limpar();
    await d.enviar(encodeStatus({ battery: 255, firmware: 1, timezone: 0, statusIntervalMin: 5, signal: 255, charging: true }));
    // Still answered: the device must not resend it forever.
    await d.esperar('787801130d0a');
    const dono = bearer(donoToken);
    const lista = await app.inject({ method: 'GET', url: '/api/usuarios/rastreadores', headers: dono });
    const mapa = await app.inject({
      method: 'GET',
      url: '/api/usuarios/rastreadores/ultimas-localizacoes?tipoVisualizacao=ATUAL',
      headers: dono,
    });
    const admin = await app.inject({ method: 'GET', url: `/api/rastreadores/${rastreadorId}`, headers: h });
    for (const res of [lista, mapa, admin]) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toMatch(/:255\b/);
    }
    expect(lista.json<{ content: { bateria: number | null; nivelSinal: number | null }[] }>().content[0]).toMatchObject({
      bateria: 81,
      nivelSinal: null,
    });
    expect(mapa.json<{ bateria: number | null }[]>().map((m) => m.bateria)).toEqual([81]);
    expect(admin.json()).toMatchObject({ bateria: 81 });
    // The battery history gets no row for a reading it does not know.
    expect(await contar(app, 'baterias', sql`rastreador_id = ${rastreadorId}`)).toBe(antes);
    d.fim();
  });

  it("a 'no network' cell (MCC 0xFFFF) from one tracker never holds back another tracker's fixes", async () => {
    // Issue #15 item 1: any registered IMEI, linked or not, could stop the fleet's storage.
    const chip = (
      await app.inject({ method: 'POST', url: '/api/chips', headers: h, payload: { descricao: 'GW2', numero: '11955554445' } })
    ).json<{ id: number }>().id;
    const outroImei = '359339080000012';
    const outroId = (
      await app.inject({
        method: 'POST',
        url: '/api/rastreadores',
        headers: h,
        payload: { imei: outroImei, protocolo: 'TOPIN', chipId: chip },
      })
    ).json<{ id: number }>().id;
    const ruim = await dispositivo();
    const bom = await dispositivo();
    await ruim.enviar(encodeLogin(outroImei, 1));
    await bom.enviar(encodeLogin(IMEI, 1));
    await ruim.esperar('787801010d0a');
    await bom.esperar('787801010d0a');
    const semRede = encodeWifiLbs({
      type: 0x18,
      time: new Date(Date.UTC(2026, 10, 22, 12, 6, 0)),
      accessPoints: [{ mac: 'a4:39:b3:73:81:3d', signalDbm: -61 }],
      mcc: 0xffff,
      mnc: 0xff,
      cells: [{ mcc: 0xffff, mnc: 0xff, lac: 0xffff, cellId: 0xffff, signal: 0 }],
      cellWidth: 2,
    });
    await Promise.all([ruim.enviar(semRede), bom.enviar(Buffer.concat([encodeGps(fix(40)), encodeGps(fix(41))]))]);
    await bom.esperar(gpsAckHex(fix(41).time));
    await ruim.esperar('78780118' + '261122120600' + '0d0a');
    expect([await posicoes(40), await posicoes(41)]).toEqual([1, 1]);
    const doOutro = await consultar<{ tipo: string; codigo_pais: number | null }>(
      app.database.db,
      sql`select tipo, codigo_pais from localizacoes where rastreador_id = ${outroId}`,
    );
    expect(doOutro).toEqual([{ tipo: 'WIFI', codigo_pais: null }]);
    ruim.fim();
    bom.fim();
  });

  it('turns an SOS into ALERTA and a notification for the owner', async () => {
    const d = await dispositivo();
    await d.enviar(Buffer.concat([encodeLogin(IMEI, 1), encodeAlarm('sos')]));
    await d.esperar('787801010d0a');
    const fim = Date.now() + 5000;
    let notas: { descricao: string }[] = [];
    while (notas.length === 0 && Date.now() < fim) {
      notas = await consultar<{ descricao: string }>(app.database.db, sql`select descricao from notificacoes where usuario_id = ${donoId}`);
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(notas).toEqual([{ descricao: 'Alerta de SOS do rastreador PIPOCA.' }]);
    const r = (await app.inject({ method: 'GET', url: `/api/rastreadores/${rastreadorId}`, headers: h })).json<{ situacao: string }>();
    expect(r.situacao).toBe('ALERTA');
    d.fim();
  });

  it('an SOS before the link: ALERTA for its 30 minutes whether or not the owner links meanwhile, then ATIVO if linked, else awaiting', async () => {
    const situacao = async (id: number) =>
      (await app.inject({ method: 'GET', url: `/api/rastreadores/${id}`, headers: h })).json<{ situacao: string }>().situacao;
    const vencerAlerta = (id: number) =>
      app.database.db.execute(sql`update rastreadores set alerta_ate = now() - interval '1 second' where id = ${id}`);
    const ids: number[] = [];
    for (const imei of ['359339080000812', '359339080000813']) {
      ids.push(await registrarRastreador(app, h, imei));
      const d = await dispositivo();
      await d.enviar(Buffer.concat([encodeLogin(imei, 1), encodeAlarm('sos')]));
      await d.esperar('787801010d0a');
      const fim = Date.now() + 5000;
      while ((await situacao(ids[ids.length - 1] ?? 0)) !== 'ALERTA' && Date.now() < fim) await new Promise((r) => setTimeout(r, 20));
      d.fim();
    }
    const [vinculado, sozinho] = ids as [number, number];
    expect([await situacao(vinculado), await situacao(sozinho)]).toEqual(['ALERTA', 'ALERTA']);

    const res = await app.inject({
      method: 'POST',
      url: '/api/usuarios/rastreadores',
      headers: bearer(donoToken),
      payload: { imei: '359339080000812', descricao: 'NINA', intervaloLocalizacao: 5, periUltraEconBateria: 60 },
    });
    expect(res.statusCode).toBe(201);
    expect(await situacao(vinculado)).toBe('ALERTA');

    await vencerAlerta(vinculado);
    await vencerAlerta(sozinho);
    expect([await situacao(vinculado), await situacao(sozinho)]).toEqual(['ATIVO', 'AGUARDANDO_VINCULO']);
  });

  it('delivers a power-off request at once and marks the tracker off when it drops', async () => {
    const d = await dispositivo();
    await d.enviar(encodeLogin(IMEI, 1));
    await d.esperar('787801010d0a');
    const res = await app.inject({ method: 'PUT', url: `/api/rastreadores/desligar/${rastreadorId}`, headers: h });
    expect(res.statusCode).toBe(200);
    await d.esperar('787802480' + '20d0a');
    d.fim();
    const fim = Date.now() + 5000;
    let energia = '';
    while (energia !== 'DESLIGADO' && Date.now() < fim) {
      energia =
        (await consultar<{ e: string }>(app.database.db, sql`select situacao_energia as e from rastreadores where id = ${rastreadorId}`))[0]
          ?.e ?? '';
      await new Promise((r) => setTimeout(r, 20));
    }
    expect(energia).toBe('DESLIGADO');
    const cmds = await consultar<{ status: string }>(
      app.database.db,
      sql`select status from comandos where rastreador_id = ${rastreadorId}`,
    );
    expect(cmds).toEqual([{ status: 'CONFIRMADO' }]);
    // Any later message: on again.
    const outra = await dispositivo();
    await outra.enviar(encodeLogin(IMEI, 1));
    await outra.esperar('787801010d0a');
    const [e] = await consultar<{ e: string }>(
      app.database.db,
      sql`select situacao_energia as e from rastreadores where id = ${rastreadorId}`,
    );
    expect(e?.e).toBe('LIGADO');
    outra.fim();
  });

  it('refuses INATIVO trackers, survives garbage, and enforces the per-IP limit and idle timeout', async () => {
    const lixo = await dispositivo();
    await lixo.enviar(Buffer.from(Array.from({ length: 10_000 }, (_, i) => (i * 7919) % 256)));
    await lixo.enviar(encodeLogin(IMEI, 1));
    await lixo.esperar('787801010d0a');

    const conexoes = await Promise.all([dispositivo(), dispositivo(), dispositivo(), dispositivo()]);
    const excedentes = conexoes.filter((c) => c.fechado());
    await new Promise((r) => setTimeout(r, 100));
    expect(conexoes.filter((c) => c.fechado()).length + excedentes.length).toBeGreaterThanOrEqual(1);
    for (const c of conexoes) c.fim();
    lixo.fim();

    const ocioso = await dispositivo();
    await ocioso.esperarFechar(4000);

    await app.inject({ method: 'DELETE', url: `/api/rastreadores/inativar/${rastreadorId}`, headers: h });
    const inativo = await dispositivo();
    await inativo.enviar(encodeLogin(IMEI, 1));
    await inativo.esperar('787801440d0a');
    await inativo.esperarFechar();
  });
});
