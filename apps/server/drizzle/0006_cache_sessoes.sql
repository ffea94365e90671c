-- Every API instance keeps resolved tokens for a few seconds (apps/server/src/plugins/cache-sessoes.ts);
-- any change to tokens, users or levels tells them all to forget, whoever made it.
CREATE FUNCTION "rastro_sessoes_mudaram"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rastro_sessoes', '');
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "access_tokens_sessoes" AFTER UPDATE OR DELETE OR TRUNCATE ON "access_tokens" FOR EACH STATEMENT EXECUTE FUNCTION "rastro_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "usuarios_sessoes" AFTER UPDATE OR DELETE OR TRUNCATE ON "usuarios" FOR EACH STATEMENT EXECUTE FUNCTION "rastro_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "niveis_sessoes" AFTER UPDATE OR DELETE OR TRUNCATE ON "niveis" FOR EACH STATEMENT EXECUTE FUNCTION "rastro_sessoes_mudaram"();--> statement-breakpoint
CREATE TRIGGER "nivel_permissoes_sessoes" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "nivel_permissoes" FOR EACH STATEMENT EXECUTE FUNCTION "rastro_sessoes_mudaram"();
