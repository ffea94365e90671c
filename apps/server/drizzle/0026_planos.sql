-- Subscription plans (issue #35): what an owner can subscribe a pet to. Money is integer centavos;
-- a plan is never deleted, only deactivated, so the subscriptions made on it keep their price.
CREATE TABLE "planos" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(60) NOT NULL,
	"descricao" varchar(500),
	"valor_centavos" integer NOT NULL,
	"periodo" varchar(10) NOT NULL,
	"dias_carencia" integer DEFAULT 7 NOT NULL,
	"ativo" boolean DEFAULT true NOT NULL,
	"usuario_cadastro_id" integer,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planos_valor_positivo" CHECK ("valor_centavos" > 0),
	CONSTRAINT "planos_periodo" CHECK ("periodo" IN ('MENSAL', 'ANUAL')),
	CONSTRAINT "planos_dias_carencia" CHECK ("dias_carencia" BETWEEN 0 AND 60)
);--> statement-breakpoint
ALTER TABLE "planos" ADD CONSTRAINT "planos_usuario_cadastro_id_usuarios_id_fk" FOREIGN KEY ("usuario_cadastro_id") REFERENCES "public"."usuarios"("id") ON DELETE no action ON UPDATE no action;
