-- Alert coalescing (issue #31, ADR 0017). A device alarm repeated within the window
-- (ALERTAS_JANELA_SEGUNDOS) updates its notification instead of adding one: `tipo` names the kind
-- (null: a notification that is never coalesced), `contagem` counts the alarms and `ultima_em` is
-- the newest. The push trigger fires on INSERT only, so a repeat queues no push.
ALTER TABLE "notificacoes" ADD COLUMN "tipo" varchar(20);
--> statement-breakpoint
ALTER TABLE "notificacoes" ADD COLUMN "contagem" integer NOT NULL DEFAULT 1;
--> statement-breakpoint
ALTER TABLE "notificacoes" ADD COLUMN "ultima_em" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "notificacoes_agrupar_idx" ON "notificacoes" ("rastreador_id", "tipo", "data_cadastro") WHERE "tipo" IS NOT NULL;
--> statement-breakpoint
-- Device time of a tracker's last crossing of a zone's border: the next one waits a window.
ALTER TABLE "zona_estados" ADD COLUMN "transicao_em" timestamp with time zone;
