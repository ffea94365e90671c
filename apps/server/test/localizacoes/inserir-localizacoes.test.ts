import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../../src/db/client';
import { GravadorEmLotes } from '../../src/lib/gravador-em-lotes';
import { literalDeArray } from '../../src/db/arrays';
import { inserirLocalizacoes, type NovaLocalizacao } from '../../src/modules/localizacoes/repository';
import { ehErroDeDados } from '../../src/lib/erros-do-postgres';
import { bearer, criarApp, entrar, type TestApp } from '../apoio/helpers';
import { registrarRastreador } from '../apoio/fixtures';

let app: TestApp;
let rastreadorId = 0;
beforeAll(async () => {
  app = await criarApp();
  rastreadorId = await registrarRastreador(app, bearer(await entrar(app)), '359339080000777');
});
afterAll(async () => {
  await app.fechar();
});

describe('the gateway batch insert', () => {
  it('writes array literals PostgreSQL reads back as the same values', () => {
    expect(literalDeArray([1, null, -23.5614, undefined])).toBe('{1,NULL,-23.5614,NULL}');
    expect(literalDeArray(['GPS', 'a"b', 'c\\d', 'e,f{g}'])).toBe('{"GPS","a\\"b","c\\\\d","e,f{g}"}');
    expect(literalDeArray([new Date('2026-11-22T10:00:01.250Z')])).toBe('{2026-11-22T10:00:01.250Z}');
    expect(literalDeArray([])).toBe('{}');
  });

  it('stores every column of GPS, WIFI and LBS rows as given, odd text included', async () => {
    const quando = new Date('2026-11-22T10:00:01.000Z');
    const estranho = 'aa:"b\\,{c} NULL';
    await inserirLocalizacoes(app.database.db, [
      { rastreadorId, tipo: 'GPS', dataHora: quando, latitude: -23.5614, longitude: -46.6559, velocidade: 4.5, curso: 90, satelites: 8 },
      {
        rastreadorId,
        tipo: 'WIFI',
        dataHora: quando,
        macAddress: estranho,
        nivelSinal: -70,
        latitude: -23.5,
        longitude: -46.6,
        precisao: 35.5,
      },
      {
        rastreadorId,
        tipo: 'LBS',
        dataHora: quando,
        codigoPais: 724,
        rede: 5,
        codigoArea: 12345,
        identificadorTorre: 4_294_967_296,
        nivelSinal: 20,
      },
    ]);
    const linhas = await consultar<Record<string, unknown>>(
      app.database.db,
      sql`select tipo, data_hora::text as "dataHora", latitude, longitude, velocidade, curso, precisao, satelites, mac_address as "macAddress",
            nivel_sinal as "nivelSinal", codigo_pais as "codigoPais", rede, codigo_area as "codigoArea", identificador_torre::text as torre
          from localizacoes where rastreador_id = ${rastreadorId} order by id`,
    );
    expect(linhas.map((l) => l.tipo)).toEqual(['GPS', 'WIFI', 'LBS']);
    expect(new Date(String(linhas[0]?.dataHora)).toISOString()).toBe(quando.toISOString());
    expect(linhas[0]).toMatchObject({
      latitude: -23.5614,
      longitude: -46.6559,
      velocidade: 4.5,
      curso: 90,
      satelites: 8,
      macAddress: null,
      precisao: null,
    });
    expect(linhas[1]).toMatchObject({ macAddress: estranho, nivelSinal: -70, precisao: 35.5 });
    expect(linhas[2]).toMatchObject({ codigoPais: 724, rede: 5, codigoArea: 12345, torre: '4294967296', nivelSinal: 20, latitude: null });
  });

  it('one row PostgreSQL refuses cannot hold back the rows of another tracker in the same batch', async () => {
    const outroId = await registrarRastreador(app, bearer(await entrar(app)), '359339080000778');
    const w = new GravadorEmLotes<NovaLocalizacao>((l) => inserirLocalizacoes(app.database.db, l), {
      maxItems: 100,
      maxDelayMs: 20,
      isolate: ehErroDeDados,
    });
    const quando = new Date('2026-11-22T11:00:00.000Z');
    const r = await Promise.allSettled([
      w.add({
        rastreadorId: outroId,
        tipo: 'GPS',
        dataHora: quando,
        latitude: -23.5,
        longitude: -46.6,
        velocidade: 0,
        curso: 0,
        satelites: 7,
      }),
      // MCC 0xFFFF, as a modem without network reports it: outside smallint.
      w.add({
        rastreadorId,
        tipo: 'LBS',
        dataHora: quando,
        codigoPais: 0xffff,
        rede: 1,
        codigoArea: 1,
        identificadorTorre: 1,
        nivelSinal: 1,
      }),
      w.add({
        rastreadorId: outroId,
        tipo: 'GPS',
        dataHora: new Date(quando.getTime() + 1000),
        latitude: -23.6,
        longitude: -46.7,
        velocidade: 0,
        curso: 0,
        satelites: 7,
      }),
    ]);
    expect(r.map((x) => x.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
    const linhas = await consultar<{ latitude: number }>(
      app.database.db,
      sql`select latitude from localizacoes where rastreador_id = ${outroId} order by data_hora`,
    );
    expect(linhas.map((l) => l.latitude)).toEqual([-23.5, -23.6]);
    await w.close();
  });
});
