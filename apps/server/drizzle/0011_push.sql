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
