import { index, integer, pgTable, serial, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';
import { chips } from '../chips/schema';
import { usuarios } from '../usuarios/schema';

export const rastreadores = pgTable(
  'rastreadores',
  {
    id: serial('id').primaryKey(),
    imei: varchar('imei', { length: 20 }).notNull().unique(),
    protocolo: varchar('protocolo', { length: 10 }).notNull(),
    /** One tracker per chip: a chip in use is not available to another tracker. */
    chipId: integer('chip_id')
      .references(() => chips.id)
      .unique(),
    situacao: varchar('situacao', { length: 20 }).notNull().default('AGUARDANDO_VINCULO'),
    situacaoEnergia: varchar('situacao_energia', { length: 25 }).notNull().default('LIGADO'),
    bateria: smallint('bateria'),
    nivelSinal: smallint('nivel_sinal'),
    ultimaComunicacao: tz('ultima_comunicacao'),
    /** While set and in the future, the tracker is in ALERTA (alarms, 30 minutes). */
    alertaAte: tz('alerta_ate'),
    /** Last time two sources were seen taking turns on this IMEI (a possible clone). */
    origensAlternadasEm: tz('origens_alternadas_em'),
    /** argon2id of the activation code printed on the box; when set, linking needs the code. */
    codigoAtivacaoHash: varchar('codigo_ativacao_hash', { length: 255 }),
    usuarioCadastroId: integer('usuario_cadastro_id').references(() => usuarios.id),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('rastreadores_situacao_idx').on(t.situacao)],
);
