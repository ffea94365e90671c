-- The pet's photo (issue #32), one per owner's link, owned by modules/fotos: the WebP the server
-- re-encoded from the upload (at most 256 px square and 60 kB, no metadata) and a short hash of
-- it, which the photo's URL carries so a browser may keep it for good. It goes with the link.
CREATE TABLE "fotos_pets" (
	"usuario_rastreador_id" integer PRIMARY KEY NOT NULL REFERENCES "usuario_rastreadores"("id") ON DELETE CASCADE,
	"imagem" bytea NOT NULL,
	"versao" varchar(16) NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What other modules read of it (docs/adr/0008-um-dono-por-tabela.md): which links have a photo and
-- its version (the tracker lists and the map build the photo's URL from it), never the bytes.
CREATE VIEW "v_fotos_pets" AS SELECT "usuario_rastreador_id", "versao" FROM "fotos_pets";
--> statement-breakpoint
-- A share link may show its creator's mobile phone to whoever finds the pet, only when they ask.
ALTER TABLE "links_compartilhados" ADD COLUMN "compartilhar_telefone" boolean DEFAULT false NOT NULL;
