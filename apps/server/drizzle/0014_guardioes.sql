-- Co-guardians (issue #20): an owner's invite to one of their trackers (a pending row: the e-mail
-- it went to, the SHA-256 of its single-use token, its expiry) becomes a guardian when someone
-- accepts it (usuario_id, aceito_em). Both go with the owner's link (on delete cascade).
CREATE TABLE "guardioes" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_rastreador_id" integer NOT NULL REFERENCES "usuario_rastreadores"("id") ON DELETE CASCADE,
	"email" varchar(150) NOT NULL,
	"usuario_id" integer REFERENCES "usuarios"("id") ON DELETE CASCADE,
	"token_hash" varchar(64) NOT NULL UNIQUE,
	"expira_em" timestamp with time zone NOT NULL,
	"aceito_em" timestamp with time zone,
	"data_cadastro" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "guardioes_vinculo_usuario_idx" ON "guardioes" ("usuario_rastreador_id", "usuario_id") WHERE "usuario_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "guardioes_usuario_idx" ON "guardioes" ("usuario_id") WHERE "usuario_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "guardioes_vinculo_idx" ON "guardioes" ("usuario_rastreador_id");
