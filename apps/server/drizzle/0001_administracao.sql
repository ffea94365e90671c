CREATE TABLE "chips" (
	"id" serial PRIMARY KEY NOT NULL,
	"descricao" varchar(150) NOT NULL,
	"numero" varchar(11) NOT NULL,
	"situacao" char(1) DEFAULT 'A' NOT NULL,
	"usuario_cadastro_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "comandos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rastreador_id" integer NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"parametros" jsonb,
	"status" varchar(12) DEFAULT 'PENDENTE' NOT NULL,
	"usuario_id" integer,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone,
	"concluido_em" timestamp with time zone,
	"erro" text
);
--> statement-breakpoint
CREATE TABLE "localizacoes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"rastreador_id" integer NOT NULL,
	"tipo" varchar(4) NOT NULL,
	"data_hora" timestamp with time zone NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"velocidade" real,
	"curso" smallint,
	"precisao" real,
	"satelites" smallint,
	"mac_address" varchar(17),
	"nivel_sinal" smallint,
	"codigo_pais" smallint,
	"rede" smallint,
	"codigo_area" integer,
	"identificador_torre" bigint,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rastreadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"imei" varchar(20) NOT NULL,
	"protocolo" varchar(10) NOT NULL,
	"chip_id" integer,
	"situacao" varchar(20) DEFAULT 'AGUARDANDO_VINCULO' NOT NULL,
	"situacao_energia" varchar(25) DEFAULT 'LIGADO' NOT NULL,
	"bateria" smallint,
	"nivel_sinal" smallint,
	"ultima_comunicacao" timestamp with time zone,
	"alerta_ate" timestamp with time zone,
	"usuario_cadastro_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rastreadores_imei_unique" UNIQUE("imei"),
	CONSTRAINT "rastreadores_chip_id_unique" UNIQUE("chip_id")
);
--> statement-breakpoint
CREATE TABLE "usuario_rastreadores" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"rastreador_id" integer NOT NULL,
	"descricao" varchar(150) NOT NULL,
	"intervalo_localizacao" smallint DEFAULT 5 NOT NULL,
	"economia_bateria" char(1) DEFAULT 'F' NOT NULL,
	"ultra_economia_bateria" char(1) DEFAULT 'F' NOT NULL,
	"peri_ultra_econ_bateria" smallint,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "usuario_rastreadores_rastreador_id_unique" UNIQUE("rastreador_id")
);
--> statement-breakpoint
CREATE TABLE "via_cep_cache" (
	"cep" varchar(8) PRIMARY KEY NOT NULL,
	"resposta" jsonb NOT NULL,
	"consultado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chips" ADD CONSTRAINT "chips_usuario_cadastro_id_usuarios_id_fk" FOREIGN KEY ("usuario_cadastro_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandos" ADD CONSTRAINT "comandos_rastreador_id_rastreadores_id_fk" FOREIGN KEY ("rastreador_id") REFERENCES "public"."rastreadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comandos" ADD CONSTRAINT "comandos_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rastreadores" ADD CONSTRAINT "rastreadores_chip_id_chips_id_fk" FOREIGN KEY ("chip_id") REFERENCES "public"."chips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rastreadores" ADD CONSTRAINT "rastreadores_usuario_cadastro_id_usuarios_id_fk" FOREIGN KEY ("usuario_cadastro_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_rastreadores" ADD CONSTRAINT "usuario_rastreadores_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuario_rastreadores" ADD CONSTRAINT "usuario_rastreadores_rastreador_id_rastreadores_id_fk" FOREIGN KEY ("rastreador_id") REFERENCES "public"."rastreadores"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chips_numero_idx" ON "chips" USING btree ("numero");--> statement-breakpoint
CREATE INDEX "comandos_rastreador_status_idx" ON "comandos" USING btree ("rastreador_id","status");--> statement-breakpoint
CREATE INDEX "localizacoes_rastreador_tipo_data_idx" ON "localizacoes" USING btree ("rastreador_id","tipo","data_hora" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "localizacoes_data_idx" ON "localizacoes" USING btree ("data_hora");--> statement-breakpoint
CREATE INDEX "rastreadores_situacao_idx" ON "rastreadores" USING btree ("situacao");--> statement-breakpoint
CREATE INDEX "usuario_rastreadores_usuario_idx" ON "usuario_rastreadores" USING btree ("usuario_id");