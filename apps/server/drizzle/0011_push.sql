-- Web Push (issue #18): the owners' browser subscriptions and the durable queue of what is sent
-- to them (like the e-mail outbox). The VAPID keys live in `parametros` (key 'vapid').
CREATE TABLE "push_inscricoes" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL REFERENCES "usuarios"("id") ON DELETE CASCADE,
	"endpoint" varchar(1000) NOT NULL UNIQUE,
	"p256dh" varchar(200) NOT NULL,
	"auth" varchar(100) NOT NULL,
	"data_cadastro" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "push_inscricoes_usuario_idx" ON "push_inscricoes" ("usuario_id");
--> statement-breakpoint
CREATE TABLE "push_fila" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"inscricao_id" integer NOT NULL REFERENCES "push_inscricoes"("id") ON DELETE CASCADE,
	"payload" text NOT NULL,
	"tentativas" integer NOT NULL DEFAULT 0,
	"proxima_tentativa" timestamp with time zone NOT NULL DEFAULT now(),
	"ultimo_erro" varchar(1000),
	"data_cadastro" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "push_fila_proxima_idx" ON "push_fila" ("proxima_tentativa");
--> statement-breakpoint
-- Every notification is queued for each browser of its user in the statement that inserts it:
-- atomic with it, and no extra round trip on an alarm's path. The NOTIFY goes out on commit.
CREATE FUNCTION "push_enfileirar_notificacoes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "push_fila" ("inscricao_id", "payload")
  SELECT i."id", json_build_object(
      'titulo', coalesce(ur."descricao", ''),
      'corpo', n."descricao",
      'rastreadorId', n."rastreador_id",
      'url', CASE WHEN n."rastreador_id" IS NULL THEN '/user/mapa' ELSE '/user/mapa?rastreador=' || n."rastreador_id" END,
      'id', n."id"::text)::text
  FROM "novas" n
  JOIN "push_inscricoes" i ON i."usuario_id" = n."usuario_id"
  LEFT JOIN "usuario_rastreadores" ur ON ur."rastreador_id" = n."rastreador_id" AND ur."usuario_id" = n."usuario_id";
  IF FOUND THEN
    PERFORM pg_notify('rastro_push', '');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "notificacoes_push" AFTER INSERT ON "notificacoes" REFERENCING NEW TABLE AS "novas" FOR EACH STATEMENT EXECUTE FUNCTION "push_enfileirar_notificacoes"();
