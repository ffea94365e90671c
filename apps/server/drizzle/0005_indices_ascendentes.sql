DROP INDEX "baterias_rastreador_data_idx";--> statement-breakpoint
DROP INDEX "localizacoes_rastreador_tipo_data_idx";--> statement-breakpoint
DROP INDEX "localizacoes_posicao_idx";--> statement-breakpoint
DROP INDEX "notificacoes_usuario_data_idx";--> statement-breakpoint
CREATE INDEX "baterias_rastreador_data_idx" ON "baterias" USING btree ("rastreador_id","data_cadastro");--> statement-breakpoint
CREATE INDEX "localizacoes_rastreador_tipo_data_idx" ON "localizacoes" USING btree ("rastreador_id","tipo","data_hora");--> statement-breakpoint
CREATE INDEX "localizacoes_posicao_idx" ON "localizacoes" USING btree ("rastreador_id","data_hora") WHERE latitude is not null;--> statement-breakpoint
CREATE INDEX "notificacoes_usuario_data_idx" ON "notificacoes" USING btree ("usuario_id","data_cadastro");