CREATE TABLE "celulas" (
	"mcc" smallint NOT NULL,
	"mnc" smallint NOT NULL,
	"lac" integer NOT NULL,
	"cell_id" bigint NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"alcance" integer DEFAULT 1000 NOT NULL,
	"amostras" integer DEFAULT 1 NOT NULL,
	"fonte" varchar(10) DEFAULT 'FROTA' NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "celulas_mcc_mnc_lac_cell_id_pk" PRIMARY KEY("mcc","mnc","lac","cell_id")
);
--> statement-breakpoint
CREATE TABLE "pontos_wifi" (
	"mac" varchar(17) PRIMARY KEY NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"amostras" integer DEFAULT 1 NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
