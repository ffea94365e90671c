CREATE TABLE "baterias" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rastreador_id" integer NOT NULL,
	"bateria" smallint NOT NULL,
	"nivel_sinal" smallint,
	"carregando" boolean,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notificacoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"rastreador_id" integer,
	"descricao" varchar(255) NOT NULL,
	"lida" boolean DEFAULT false NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notificacoes" ADD CONSTRAINT "notificacoes_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "baterias_rastreador_data_idx" ON "baterias" USING btree ("rastreador_id","data_cadastro" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notificacoes_usuario_data_idx" ON "notificacoes" USING btree ("usuario_id","data_cadastro" DESC NULLS LAST);