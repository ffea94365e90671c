-- Daily activity (issue #20): per tracker per day (in APP_TIMEZONE) the metres walked and the
-- seconds active and at rest, added to as positions are committed (docs/adr/0013-atividade.md);
-- `meta_atingida_em` makes the goal's notification one per day. `atividade_estados` is where each
-- tracker's computation stands (anchor, time not yet classified, newest fix applied), written with
-- an optimistic lock so any instance, after any restart, continues it. The goal belongs to the
-- owner's link (it ends with it).
CREATE TABLE "atividade_dias" (
	"rastreador_id" integer NOT NULL REFERENCES "rastreadores"("id") ON DELETE CASCADE,
	"data" date NOT NULL,
	"distancia_metros" double precision NOT NULL DEFAULT 0,
	"segundos_ativos" double precision NOT NULL DEFAULT 0,
	"segundos_repouso" double precision NOT NULL DEFAULT 0,
	"meta_atingida_em" timestamp with time zone,
	PRIMARY KEY ("rastreador_id", "data")
);
--> statement-breakpoint
CREATE TABLE "atividade_estados" (
	"rastreador_id" integer PRIMARY KEY NOT NULL REFERENCES "rastreadores"("id") ON DELETE CASCADE,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"precisao" real NOT NULL,
	"ancora_em" timestamp with time zone NOT NULL,
	"pendente_desde" timestamp with time zone NOT NULL,
	"ultimo" timestamp with time zone NOT NULL,
	"versao" integer NOT NULL DEFAULT 1
);
--> statement-breakpoint
CREATE TABLE "atividade_metas" (
	"usuario_rastreador_id" integer PRIMARY KEY NOT NULL REFERENCES "usuario_rastreadores"("id") ON DELETE CASCADE,
	"tipo" varchar(10) NOT NULL,
	"valor" integer NOT NULL,
	"data_atualizacao" timestamp with time zone NOT NULL DEFAULT now()
);
