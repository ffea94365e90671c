-- Subscriptions and charges (issue #35). One subscription per pet (owner's link) at a time; one
-- charge per period, created once (unique per subscription and period start). Money is integer
-- centavos. A settlement is idempotent: a charge is paid once, and an endToEndId settles one charge.
CREATE TABLE "assinaturas" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_rastreador_id" integer,
	"usuario_id" integer NOT NULL,
	"pet" varchar(150) NOT NULL,
	"plano_id" integer NOT NULL,
	"valor_centavos" integer NOT NULL,
	"periodo" varchar(10) NOT NULL,
	"dias_carencia" integer NOT NULL,
	"forma" varchar(15) NOT NULL,
	"situacao" varchar(12) DEFAULT 'ATIVA' NOT NULL,
	"inicio" date NOT NULL,
	"pago_ate" date,
	"cancelar_no_fim" boolean DEFAULT false NOT NULL,
	"cancelada_em" timestamp with time zone,
	"suspensa_em" timestamp with time zone,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "assinaturas_valor_positivo" CHECK ("valor_centavos" > 0),
	CONSTRAINT "assinaturas_periodo" CHECK ("periodo" IN ('MENSAL', 'ANUAL')),
	CONSTRAINT "assinaturas_forma" CHECK ("forma" IN ('PIX', 'PIX_AUTOMATICO')),
	CONSTRAINT "assinaturas_situacao" CHECK ("situacao" IN ('ATIVA', 'SUSPENSA', 'CANCELADA'))
);--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_usuario_rastreador_id_usuario_rastreadores_id_fk" FOREIGN KEY ("usuario_rastreador_id") REFERENCES "public"."usuario_rastreadores"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assinaturas" ADD CONSTRAINT "assinaturas_plano_id_planos_id_fk" FOREIGN KEY ("plano_id") REFERENCES "public"."planos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assinaturas_uma_por_vinculo" ON "assinaturas" USING btree ("usuario_rastreador_id") WHERE "situacao" <> 'CANCELADA';--> statement-breakpoint
CREATE INDEX "assinaturas_usuario_idx" ON "assinaturas" USING btree ("usuario_id");--> statement-breakpoint
CREATE TABLE "cobrancas" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"assinatura_id" integer NOT NULL,
	"usuario_id" integer NOT NULL,
	"txid" varchar(35) NOT NULL,
	"valor_centavos" integer NOT NULL,
	"periodo_inicio" date NOT NULL,
	"periodo_fim" date NOT NULL,
	"vencimento" date NOT NULL,
	"situacao" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"pix_copia_e_cola" text,
	"pago_em" timestamp with time zone,
	"end_to_end_id" varchar(32),
	"valor_pago_centavos" integer,
	"divergente" boolean DEFAULT false NOT NULL,
	"baixa_usuario_id" integer,
	"baixa_observacao" varchar(500),
	"lembretes" smallint DEFAULT 0 NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cobrancas_txid_unique" UNIQUE("txid"),
	CONSTRAINT "cobrancas_end_to_end_id_unique" UNIQUE("end_to_end_id"),
	CONSTRAINT "cobrancas_um_por_periodo" UNIQUE("assinatura_id", "periodo_inicio"),
	CONSTRAINT "cobrancas_valor_positivo" CHECK ("valor_centavos" > 0),
	CONSTRAINT "cobrancas_situacao" CHECK ("situacao" IN ('PENDENTE', 'PAGO', 'VENCIDO', 'CANCELADO', 'DEVOLVIDO'))
);--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_assinatura_id_assinaturas_id_fk" FOREIGN KEY ("assinatura_id") REFERENCES "public"."assinaturas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cobrancas" ADD CONSTRAINT "cobrancas_baixa_usuario_id_usuarios_id_fk" FOREIGN KEY ("baixa_usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cobrancas_usuario_idx" ON "cobrancas" USING btree ("usuario_id", "vencimento");--> statement-breakpoint
CREATE INDEX "cobrancas_abertas_idx" ON "cobrancas" USING btree ("vencimento") WHERE "situacao" IN ('PENDENTE', 'VENCIDO');--> statement-breakpoint
-- The pet's map and history are hidden while its subscription is suspended (never what it stores):
-- the link carries since when, set and cleared by the payments module through meus-rastreadores.
ALTER TABLE "usuario_rastreadores" ADD COLUMN "suspenso_desde" timestamp with time zone;--> statement-breakpoint
CREATE OR REPLACE VIEW "v_vinculos" AS
  SELECT "id", "usuario_id", "rastreador_id", "descricao", "intervalo_localizacao", "economia_bateria",
    "ultra_economia_bateria", "peri_ultra_econ_bateria", "data_cadastro", "perdido_desde", "perdido_ate", "suspenso_desde"
  FROM "usuario_rastreadores";
