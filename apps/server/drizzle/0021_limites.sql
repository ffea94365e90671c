-- Rate-limit windows shared by every instance (issue #31; plugins/rate-limit/database-store.ts,
-- docs/adr/0018-limites-entre-instancias.md): login, password reset and change, sign-up, linking by
-- IMEI and the public link routes count here when the server runs on PostgreSQL (DATABASE_URL).
-- "chave" is the SHA-256 of the limit's key (no address or e-mail in clear).
-- UNLOGGED: a hit writes no WAL and the table is not copied to replicas (only the primary counts);
-- a crash of PostgreSQL empties it, which only gives every key a fresh window.
CREATE UNLOGGED TABLE "limite_janelas" (
	"chave" char(64) PRIMARY KEY NOT NULL,
	"contagem" integer NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
