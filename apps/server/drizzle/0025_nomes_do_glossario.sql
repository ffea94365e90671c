-- One word per concept (issue #34, docs/GLOSSARIO.md): three tables take the glossary's name.
-- A rename keeps the rows, the grants and the views that read them (v_sessoes follows the OID).
-- Constraint, index and sequence names follow, so they read as drizzle would name them now.
ALTER TABLE "access_tokens" RENAME TO "sessoes";--> statement-breakpoint
ALTER TABLE "sessoes" RENAME CONSTRAINT "access_tokens_pkey" TO "sessoes_pkey";--> statement-breakpoint
ALTER TABLE "sessoes" RENAME CONSTRAINT "access_tokens_token_hash_unique" TO "sessoes_token_hash_unique";--> statement-breakpoint
ALTER TABLE "sessoes" RENAME CONSTRAINT "access_tokens_usuario_id_usuarios_id_fk" TO "sessoes_usuario_id_usuarios_id_fk";--> statement-breakpoint
ALTER INDEX "access_tokens_usuario_idx" RENAME TO "sessoes_usuario_idx";--> statement-breakpoint
ALTER SEQUENCE "access_tokens_id_seq" RENAME TO "sessoes_id_seq";--> statement-breakpoint
ALTER TABLE "email_outbox" RENAME TO "email_fila";--> statement-breakpoint
ALTER TABLE "email_fila" RENAME CONSTRAINT "email_outbox_pkey" TO "email_fila_pkey";--> statement-breakpoint
ALTER INDEX "email_outbox_pendentes_idx" RENAME TO "email_fila_pendentes_idx";--> statement-breakpoint
ALTER SEQUENCE "email_outbox_id_seq" RENAME TO "email_fila_id_seq";--> statement-breakpoint
ALTER TABLE "posicoes_atuais" RENAME TO "localizacoes_atuais";--> statement-breakpoint
ALTER TABLE "localizacoes_atuais" RENAME CONSTRAINT "posicoes_atuais_pkey" TO "localizacoes_atuais_pkey";
