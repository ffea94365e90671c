import { char, integer, pgView, smallint, varchar } from 'drizzle-orm/pg-core';
import { tz } from '../../db/colunas';

/**
 * What other modules may read of the owners' links: `v_vinculos` (drizzle/0018_vistas.sql), never
 * the table (docs/adr/0008-um-dono-por-tabela.md).
 */
export const vVinculos = pgView('v_vinculos', {
  id: integer('id').notNull(),
  usuarioId: integer('usuario_id').notNull(),
  rastreadorId: integer('rastreador_id').notNull(),
  descricao: varchar('descricao', { length: 150 }).notNull(),
  intervaloLocalizacao: smallint('intervalo_localizacao').notNull(),
  economiaBateria: char('economia_bateria', { length: 1 }).notNull(),
  ultraEconomiaBateria: char('ultra_economia_bateria', { length: 1 }).notNull(),
  periUltraEconBateria: smallint('peri_ultra_econ_bateria'),
  dataCadastro: tz('data_cadastro').notNull(),
  perdidoDesde: tz('perdido_desde'),
  perdidoAte: tz('perdido_ate'),
  suspensoDesde: tz('suspenso_desde'),
}).existing();
