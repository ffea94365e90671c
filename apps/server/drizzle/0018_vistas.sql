-- Each module's published read contract (docs/adr/0008-um-dono-por-tabela.md): other modules read
-- these views, never the owner's tables, so an owner can change its tables behind them. Plain
-- projections: PostgreSQL flattens them into the query that reads them, with the same plan.
-- No secret leaves its module: no password, CPF, token or activation code hash is in a view but
-- the access token's hash, which the session lookup matches on.

-- usuarios (module usuarios)
CREATE VIEW "v_usuarios" AS
  SELECT "id", "nome", "email", "nivel_id", "situacao", "estado_id", "cidade_id", "data_cadastro" FROM "usuarios";
--> statement-breakpoint
-- usuario_rastreadores (module meus-rastreadores): the owner's link of each tracker
CREATE VIEW "v_vinculos" AS
  SELECT "id", "usuario_id", "rastreador_id", "descricao", "intervalo_localizacao", "economia_bateria",
    "ultra_economia_bateria", "peri_ultra_econ_bateria", "data_cadastro", "perdido_desde", "perdido_ate"
  FROM "usuario_rastreadores";
--> statement-breakpoint
-- rastreadores (module rastreadores), with the situation it is in now: ALERTA lasts until
-- alerta_ate, then ATIVO when linked or AGUARDANDO_VINCULO (modules/rastreadores/sql.ts says the same
-- for the module's own queries)
CREATE VIEW "v_rastreadores" AS
  SELECT r."id", r."imei", r."protocolo", r."chip_id", r."situacao", r."situacao_energia", r."bateria", r."nivel_sinal",
    r."ultima_comunicacao", r."alerta_ate", r."usuario_cadastro_id", r."data_cadastro",
    (CASE WHEN r."situacao" = 'ALERTA' AND r."alerta_ate" <= now()
      THEN CASE WHEN EXISTS (SELECT 1 FROM "v_vinculos" v WHERE v."rastreador_id" = r."id") THEN 'ATIVO' ELSE 'AGUARDANDO_VINCULO' END
      ELSE r."situacao" END)::varchar(20) AS "situacao_efetiva"
  FROM "rastreadores" r;
--> statement-breakpoint
-- chips (module chips)
CREATE VIEW "v_chips" AS
  SELECT "id", "descricao", "numero", "situacao", "usuario_cadastro_id", "data_cadastro" FROM "chips";
--> statement-breakpoint
-- comandos (module comandos)
CREATE VIEW "v_comandos" AS
  SELECT "id", "rastreador_id", "tipo", "status", "criado_em", "concluido_em" FROM "comandos";
--> statement-breakpoint
-- guardioes (module guardioes): who sees a link besides its owner
CREATE VIEW "v_guardioes" AS
  SELECT "id", "usuario_rastreador_id", "email", "usuario_id", "expira_em", "aceito_em", "data_cadastro" FROM "guardioes";
--> statement-breakpoint
-- estados, cidades (module lookups)
CREATE VIEW "v_estados" AS SELECT "id", "nome", "uf" FROM "estados";
--> statement-breakpoint
CREATE VIEW "v_cidades" AS SELECT "id", "nome", "estado_id" FROM "cidades";
--> statement-breakpoint
-- access_tokens (module auth): the session a token hash opens
CREATE VIEW "v_sessoes" AS
  SELECT "usuario_id", "token_hash", "expira_em", "revogado_em" FROM "access_tokens";
