-- Lost-pet mode and share links (issue #19). Lost mode is a state of the owner's link to the
-- tracker (it ends with the link); `perdido_localizado_em` is when the collar was last asked
-- for a fix, so one instance asks again every 20 s.
ALTER TABLE "usuario_rastreadores" ADD COLUMN "perdido_desde" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "usuario_rastreadores" ADD COLUMN "perdido_ate" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "usuario_rastreadores" ADD COLUMN "perdido_localizado_em" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "usuario_rastreadores_perdido_idx" ON "usuario_rastreadores" ("perdido_ate") WHERE "perdido_ate" IS NOT NULL;
--> statement-breakpoint
-- A link belongs to the owner's link to the tracker: unlinking (or a new owner) ends every link.
-- Only the SHA-256 of the token is kept.
CREATE TABLE "links_compartilhados" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_rastreador_id" integer NOT NULL REFERENCES "usuario_rastreadores"("id") ON DELETE CASCADE,
	"token_hash" varchar(64) NOT NULL UNIQUE,
	"mensagem" varchar(200),
	"criado_em" timestamp with time zone NOT NULL DEFAULT now(),
	"expira_em" timestamp with time zone NOT NULL,
	"revogado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "links_compartilhados_vinculo_idx" ON "links_compartilhados" ("usuario_rastreador_id", "expira_em");
