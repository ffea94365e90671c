-- A fix whose device time was more than 5 minutes ahead of the server when it arrived: kept, but
-- never the current position nor part of a route.
ALTER TABLE "localizacoes" ADD COLUMN "futura" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A frame the device sent again (it missed the ack) was stored twice: keep the first copy.
DELETE FROM "localizacoes" a USING "localizacoes" b
  WHERE a.rastreador_id = b.rastreador_id AND a.tipo = b.tipo AND a.data_hora = b.data_hora
    AND a.mac_address IS NOT DISTINCT FROM b.mac_address AND a.codigo_area IS NOT DISTINCT FROM b.codigo_area
    AND a.identificador_torre IS NOT DISTINCT FROM b.identificador_torre AND a.id > b.id;--> statement-breakpoint
-- One row per fix (tracker, type, device time) and per emitter of a scan; it replaces the
-- (rastreador_id, tipo, data_hora) index, which is its prefix.
CREATE UNIQUE INDEX "localizacoes_unica_idx" ON "localizacoes" USING btree ("rastreador_id","tipo","data_hora","mac_address","codigo_area","identificador_torre") NULLS NOT DISTINCT;--> statement-breakpoint
DROP INDEX "localizacoes_rastreador_tipo_data_idx";--> statement-breakpoint
DROP INDEX "localizacoes_posicao_idx";--> statement-breakpoint
CREATE INDEX "localizacoes_posicao_idx" ON "localizacoes" USING btree ("rastreador_id","data_hora") WHERE latitude is not null and not futura;
--> statement-breakpoint
-- An emitter learned from the fleet is used only once a second tracker has confirmed it: one
-- device alone cannot place it. Emitters learned before this rule are kept as confirmed.
ALTER TABLE "pontos_wifi" ADD COLUMN "rastreador_origem" integer;--> statement-breakpoint
ALTER TABLE "pontos_wifi" ADD COLUMN "confirmado" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "pontos_wifi" ALTER COLUMN "confirmado" SET DEFAULT false;--> statement-breakpoint
ALTER TABLE "celulas" ADD COLUMN "rastreador_origem" integer;--> statement-breakpoint
ALTER TABLE "celulas" ADD COLUMN "confirmado" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "celulas" ALTER COLUMN "confirmado" SET DEFAULT false;
