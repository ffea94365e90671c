-- PSP mode (issue #35): when the PSP took the charge (PUT /cobv or /cob). Null until then, and always
-- in static mode. The registration step and the reconciliation find their charges by it.
ALTER TABLE "cobrancas" ADD COLUMN "psp_registrada_em" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "cobrancas_abertas_no_psp" ON "cobrancas" USING btree ("psp_registrada_em") WHERE "situacao" IN ('PENDENTE', 'VENCIDO');
