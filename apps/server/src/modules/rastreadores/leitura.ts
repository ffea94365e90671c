import { integer, pgView, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/**
 * What other modules may read of the trackers: `v_rastreadores` (drizzle/0018_vistas.sql), never
 * the table (docs/adr/0008-um-dono-por-tabela.md). `situacaoEfetiva` is the situation it is in now
 * (ALERTA expires), as `situacaoEfetiva` of ./sql.ts says for this module's own queries.
 */
export const vRastreadores = pgView('v_rastreadores', {
  id: integer('id').notNull(),
  imei: varchar('imei', { length: 20 }).notNull(),
  protocolo: varchar('protocolo', { length: 10 }).notNull(),
  chipId: integer('chip_id'),
  situacao: varchar('situacao', { length: 20 }).notNull(),
  situacaoEnergia: varchar('situacao_energia', { length: 25 }).notNull(),
  bateria: smallint('bateria'),
  nivelSinal: smallint('nivel_sinal'),
  ultimaComunicacao: tz('ultima_comunicacao'),
  alertaAte: tz('alerta_ate'),
  usuarioCadastroId: integer('usuario_cadastro_id'),
  dataCadastro: tz('data_cadastro').notNull(),
  situacaoEfetiva: varchar('situacao_efetiva', { length: 20 }).notNull(),
}).existing();
