import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultar } from '../src/db/client';
import { inserirLocalizacoes, literalDeArray } from '../src/gateway/repository';
import { bearer, criarApp, entrar, type TestApp } from './helpers';
import { registrarRastreador } from './fixtures';

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
      { rastreadorId, tipo: 'WIFI', dataHora: quando, macAddress: estranho, nivelSinal: -70, latitude: -23.5, longitude: -46.6, precisao: 35.5 },
      { rastreadorId, tipo: 'LBS', dataHora: quando, codigoPais: 724, rede: 5, codigoArea: 12345, identificadorTorre: 4_294_967_296, nivelSinal: 20 },
    ]);
    const linhas = await consultar<Record<string, unknown>>(
      app.database.db,
      sql`select tipo, data_hora::text as "dataHora", latitude, longitude, velocidade, curso, precisao, satelites, mac_address as "macAddress",
            nivel_sinal as "nivelSinal", codigo_pais as "codigoPais", rede, codigo_area as "codigoArea", identificador_torre::text as torre
          from localizacoes where rastreador_id = ${rastreadorId} order by id`,
    );
    expect(linhas.map((l) => l.tipo)).toEqual(['GPS', 'WIFI', 'LBS']);
    expect(new Date(String(linhas[0]?.dataHora)).toISOString()).toBe(quando.toISOString());
    expect(linhas[0]).toMatchObject({ latitude: -23.5614, longitude: -46.6559, velocidade: 4.5, curso: 90, satelites: 8, macAddress: null, precisao: null });
    expect(linhas[1]).toMatchObject({ macAddress: estranho, nivelSinal: -70, precisao: 35.5 });
    expect(linhas[2]).toMatchObject({ codigoPais: 724, rede: 5, codigoArea: 12345, torre: '4294967296', nivelSinal: 20, latitude: null });
  });
});
