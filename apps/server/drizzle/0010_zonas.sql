-- Safe zones (issue #17): the owner's zones, the trackers each applies to, the state of each
-- tracker in each zone (shared by every gateway instance) and the transitions.
CREATE TABLE "zonas" (
	"id" serial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL REFERENCES "usuarios"("id") ON DELETE CASCADE,
	"nome" varchar(50) NOT NULL,
	"tipo" varchar(10) NOT NULL CHECK ("tipo" IN ('CIRCULO', 'POLIGONO')),
	"latitude" double precision,
	"longitude" double precision,
	"raio_metros" double precision,
	"pontos" jsonb NOT NULL DEFAULT '[]'::jsonb,
	"alertar_saida" boolean NOT NULL DEFAULT true,
	"alertar_entrada" boolean NOT NULL DEFAULT false,
	"data_cadastro" timestamp with time zone NOT NULL DEFAULT now(),
	"data_atualizacao" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "zonas_usuario_idx" ON "zonas" ("usuario_id");
--> statement-breakpoint
CREATE TABLE "zona_rastreadores" (
	"zona_id" integer NOT NULL REFERENCES "zonas"("id") ON DELETE CASCADE,
	"rastreador_id" integer NOT NULL REFERENCES "rastreadores"("id") ON DELETE CASCADE,
	PRIMARY KEY ("zona_id", "rastreador_id")
);
--> statement-breakpoint
CREATE INDEX "zona_rastreadores_rastreador_idx" ON "zona_rastreadores" ("rastreador_id");
--> statement-breakpoint
-- estado: DENTRO or FORA once decided; pendentes: consecutive positions seen on the other side;
-- data_hora: the device time of the last position that changed the row; versao: optimistic lock.
CREATE TABLE "zona_estados" (
	"zona_id" integer NOT NULL REFERENCES "zonas"("id") ON DELETE CASCADE,
	"rastreador_id" integer NOT NULL REFERENCES "rastreadores"("id") ON DELETE CASCADE,
	"estado" varchar(6) NOT NULL CHECK ("estado" IN ('DENTRO', 'FORA')),
	"pendentes" smallint NOT NULL DEFAULT 0,
	"data_hora" timestamp with time zone NOT NULL,
	"versao" integer NOT NULL DEFAULT 1,
	PRIMARY KEY ("rastreador_id", "zona_id")
);
--> statement-breakpoint
CREATE TABLE "zona_eventos" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"zona_id" integer NOT NULL REFERENCES "zonas"("id") ON DELETE CASCADE,
	"rastreador_id" integer NOT NULL REFERENCES "rastreadores"("id") ON DELETE CASCADE,
	"tipo" varchar(7) NOT NULL CHECK ("tipo" IN ('ENTRADA', 'SAIDA')),
	"data_hora" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	-- The position arrived more than 15 minutes after it was taken: recorded, not alerted.
	"atrasado" boolean NOT NULL DEFAULT false,
	"data_cadastro" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "zona_eventos_zona_idx" ON "zona_eventos" ("zona_id", "data_hora");
--> statement-breakpoint
CREATE INDEX "zona_eventos_rastreador_idx" ON "zona_eventos" ("rastreador_id", "data_hora");
