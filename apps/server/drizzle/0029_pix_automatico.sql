-- Pix Automático (issue #35): a subscription's recurrence at the PSP (idRec) and the owner's
-- authorisation of it; a charge the payer's bank debits on its due date (PUT /cobr) has no code.
ALTER TABLE "assinaturas" ADD COLUMN "id_rec" varchar(29);--> statement-breakpoint
ALTER TABLE "assinaturas" ADD COLUMN "autorizacao" varchar(10);--> statement-breakpoint
ALTER TABLE "assinaturas" ADD COLUMN "autorizacao_em" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_autorizacao" CHECK ("autorizacao" IN ('AGUARDANDO', 'APROVADA', 'REJEITADA', 'EXPIRADA', 'CANCELADA'));--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_id_rec" ON "assinaturas" USING btree ("id_rec");--> statement-breakpoint
ALTER TABLE "cobrancas" ADD COLUMN "debito_automatico" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A debit the payer's bank refused: the charge goes on with a code and is never scheduled again.
ALTER TABLE "cobrancas" ADD COLUMN "debito_recusado" boolean DEFAULT false NOT NULL;
