-- Issue #21: positions and battery readings partitioned by month (docs/adr/0016-particoes-e-retencao.md).
-- localizacoes: LIST by kind (GPS; WIFI and LBS scans), each kind RANGE by month of data_hora, so each
-- kind's retention drops whole partitions; baterias: RANGE by month of data_cadastro. Each range has a
-- default partition for what no month takes (a device clock far off). The current position of each
-- tracker and kind is kept apart (posicoes_atuais), so the map never reads the history.

-- The monthly partition of `pai` (localizacoes_gps, localizacoes_varreduras, baterias) holding `mes`, in
-- UTC months. Rows of that month already in the default partition move into it. False if it existed.
CREATE FUNCTION rastro_particao_mensal(pai text, mes date) RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  inicio date := date_trunc('month', mes)::date;
  fim date := (date_trunc('month', mes) + interval '1 month')::date;
  nome text := pai || '_' || to_char(date_trunc('month', mes), 'YYYY_MM');
  padrao text := pai || '_padrao';
  coluna text := CASE WHEN pai = 'baterias' THEN 'data_cadastro' ELSE 'data_hora' END;
  de timestamptz := inicio::timestamp AT TIME ZONE 'UTC';
  ate timestamptz := fim::timestamp AT TIME ZONE 'UTC';
BEGIN
  IF to_regclass(nome) IS NOT NULL THEN
    RETURN false;
  END IF;
  EXECUTE format('CREATE TEMP TABLE rastro_movidas AS WITH m AS (DELETE FROM %I WHERE %I >= %L AND %I < %L RETURNING *) SELECT * FROM m',
    padrao, coluna, de, coluna, ate);
  EXECUTE format('CREATE TABLE %I PARTITION OF %I FOR VALUES FROM (%L) TO (%L)', nome, pai, de, ate);
  EXECUTE format('INSERT INTO %I SELECT * FROM rastro_movidas', nome);
  DROP TABLE rastro_movidas;
  RETURN true;
END $$;
--> statement-breakpoint
-- Every month from `de` to `ate` (inclusive) of `pai`; how many were created.
CREATE FUNCTION rastro_garantir_particoes(pai text, de date, ate date) RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  criadas integer := 0;
  mes date := date_trunc('month', de)::date;
BEGIN
  WHILE mes <= ate LOOP
    IF rastro_particao_mensal(pai, mes) THEN
      criadas := criadas + 1;
    END IF;
    mes := (mes + interval '1 month')::date;
  END LOOP;
  RETURN criadas;
END $$;
--> statement-breakpoint
ALTER TABLE "localizacoes" RENAME TO "localizacoes_antiga";--> statement-breakpoint
ALTER INDEX "localizacoes_pkey" RENAME TO "localizacoes_antiga_pkey";--> statement-breakpoint
ALTER INDEX "localizacoes_unica_idx" RENAME TO "localizacoes_antiga_unica_idx";--> statement-breakpoint
ALTER INDEX "localizacoes_data_idx" RENAME TO "localizacoes_antiga_data_idx";--> statement-breakpoint
ALTER INDEX "localizacoes_posicao_idx" RENAME TO "localizacoes_antiga_posicao_idx";--> statement-breakpoint
CREATE TABLE "localizacoes" (
	"id" bigint DEFAULT nextval('localizacoes_id_seq') NOT NULL,
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
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"futura" boolean DEFAULT false NOT NULL
) PARTITION BY LIST ("tipo");--> statement-breakpoint
ALTER SEQUENCE "localizacoes_id_seq" OWNED BY "localizacoes"."id";--> statement-breakpoint
CREATE TABLE "localizacoes_gps" PARTITION OF "localizacoes" FOR VALUES IN ('GPS') PARTITION BY RANGE ("data_hora");--> statement-breakpoint
CREATE TABLE "localizacoes_varreduras" PARTITION OF "localizacoes" FOR VALUES IN ('WIFI', 'LBS') PARTITION BY RANGE ("data_hora");--> statement-breakpoint
CREATE TABLE "localizacoes_outras" PARTITION OF "localizacoes" DEFAULT;--> statement-breakpoint
CREATE TABLE "localizacoes_gps_padrao" PARTITION OF "localizacoes_gps" DEFAULT;--> statement-breakpoint
CREATE TABLE "localizacoes_varreduras_padrao" PARTITION OF "localizacoes_varreduras" DEFAULT;--> statement-breakpoint
CREATE UNIQUE INDEX "localizacoes_unica_idx" ON "localizacoes" USING btree ("rastreador_id","tipo","data_hora","mac_address","codigo_area","identificador_torre") NULLS NOT DISTINCT;--> statement-breakpoint
CREATE INDEX "localizacoes_data_idx" ON "localizacoes" USING btree ("data_hora");--> statement-breakpoint
CREATE INDEX "localizacoes_posicao_idx" ON "localizacoes" USING btree ("rastreador_id","data_hora") WHERE latitude is not null and not futura;--> statement-breakpoint
-- The months the existing rows fall in (a clock far off stays in the default partition), then the rows.
SELECT rastro_garantir_particoes('localizacoes_gps', greatest(min(data_hora), now() - interval '5 years')::date, least(max(data_hora), now() + interval '2 months')::date)
  FROM "localizacoes_antiga" WHERE "tipo" = 'GPS' HAVING count(*) > 0;--> statement-breakpoint
SELECT rastro_garantir_particoes('localizacoes_varreduras', greatest(min(data_hora), now() - interval '5 years')::date, least(max(data_hora), now() + interval '2 months')::date)
  FROM "localizacoes_antiga" WHERE "tipo" IN ('WIFI', 'LBS') HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "localizacoes" ("id", "rastreador_id", "tipo", "data_hora", "latitude", "longitude", "velocidade", "curso", "precisao", "satelites",
  "mac_address", "nivel_sinal", "codigo_pais", "rede", "codigo_area", "identificador_torre", "data_cadastro", "futura")
  SELECT "id", "rastreador_id", "tipo", "data_hora", "latitude", "longitude", "velocidade", "curso", "precisao", "satelites",
    "mac_address", "nivel_sinal", "codigo_pais", "rede", "codigo_area", "identificador_torre", "data_cadastro", "futura"
  FROM "localizacoes_antiga";--> statement-breakpoint
DROP TABLE "localizacoes_antiga";--> statement-breakpoint
ALTER TABLE "baterias" RENAME TO "baterias_antiga";--> statement-breakpoint
ALTER INDEX "baterias_pkey" RENAME TO "baterias_antiga_pkey";--> statement-breakpoint
ALTER INDEX "baterias_rastreador_data_idx" RENAME TO "baterias_antiga_rastreador_data_idx";--> statement-breakpoint
CREATE TABLE "baterias" (
	"id" bigint DEFAULT nextval('baterias_id_seq') NOT NULL,
	"rastreador_id" integer NOT NULL,
	"bateria" smallint NOT NULL,
	"nivel_sinal" smallint,
	"carregando" boolean,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL
) PARTITION BY RANGE ("data_cadastro");--> statement-breakpoint
ALTER SEQUENCE "baterias_id_seq" OWNED BY "baterias"."id";--> statement-breakpoint
CREATE TABLE "baterias_padrao" PARTITION OF "baterias" DEFAULT;--> statement-breakpoint
CREATE INDEX "baterias_rastreador_data_idx" ON "baterias" USING btree ("rastreador_id","data_cadastro");--> statement-breakpoint
SELECT rastro_garantir_particoes('baterias', greatest(min(data_cadastro), now() - interval '5 years')::date, least(max(data_cadastro), now() + interval '2 months')::date)
  FROM "baterias_antiga" HAVING count(*) > 0;--> statement-breakpoint
INSERT INTO "baterias" ("id", "rastreador_id", "bateria", "nivel_sinal", "carregando", "data_cadastro")
  SELECT "id", "rastreador_id", "bateria", "nivel_sinal", "carregando", "data_cadastro" FROM "baterias_antiga";--> statement-breakpoint
DROP TABLE "baterias_antiga";--> statement-breakpoint
-- The newest position (with coordinates, not dated ahead) of each tracker and kind, only ever moved forward.
CREATE TABLE "posicoes_atuais" (
	"rastreador_id" integer NOT NULL,
	"tipo" varchar(4) NOT NULL,
	"data_hora" timestamp with time zone NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"precisao" real,
	"velocidade" real,
	CONSTRAINT "posicoes_atuais_pkey" PRIMARY KEY ("rastreador_id", "tipo")
);--> statement-breakpoint
INSERT INTO "posicoes_atuais" ("rastreador_id", "tipo", "data_hora", "latitude", "longitude", "precisao", "velocidade")
  SELECT DISTINCT ON ("rastreador_id", "tipo") "rastreador_id", "tipo", "data_hora", "latitude", "longitude", "precisao", "velocidade"
  FROM "localizacoes" WHERE "latitude" IS NOT NULL AND "longitude" IS NOT NULL AND NOT "futura"
  ORDER BY "rastreador_id", "tipo", "data_hora" DESC, "id" DESC;
