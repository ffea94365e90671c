-- Who created each share link (issue #31): the owner or a co-guardian. A guardian's links are
-- revoked when the owner removes them or they leave, so a removed guardian cannot keep following
-- the pet through a link. Links created before this migration have no known creator (null) and
-- stay until they expire (at most 7 days).
ALTER TABLE "links_compartilhados" ADD COLUMN "criado_por_usuario_id" integer REFERENCES "usuarios"("id") ON DELETE SET NULL;
