-- A tracker's ALERTA is only its deadline (issue #34): `alerta_ate` in the future is ALERTA, and
-- `situacao` keeps what the tracker is otherwise (AGUARDANDO_VINCULO, ATIVO, INATIVO), which the
-- link keeps up to date. So the tracker's own module can tell its situation without reading the
-- owners' links (module meus-rastreadores, a layer above): docs/ARCHITECTURE.md, "Camadas dos módulos".
UPDATE "rastreadores" r SET "situacao" =
  CASE WHEN EXISTS (SELECT 1 FROM "usuario_rastreadores" ur WHERE ur."rastreador_id" = r."id") THEN 'ATIVO' ELSE 'AGUARDANDO_VINCULO' END
  WHERE r."situacao" = 'ALERTA';--> statement-breakpoint
-- rastreadores (module rastreadores): situacao_efetiva is the situation it is in now, as
-- modules/rastreadores/sql.ts says for the module's own queries
CREATE OR REPLACE VIEW "v_rastreadores" AS
  SELECT r."id", r."imei", r."protocolo", r."chip_id", r."situacao", r."situacao_energia", r."bateria", r."nivel_sinal",
    r."ultima_comunicacao", r."alerta_ate", r."usuario_cadastro_id", r."data_cadastro",
    (CASE WHEN r."situacao" <> 'INATIVO' AND r."alerta_ate" > now() THEN 'ALERTA' ELSE r."situacao" END)::varchar(20) AS "situacao_efetiva"
  FROM "rastreadores" r;
