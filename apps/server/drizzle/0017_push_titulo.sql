-- A push message's title is the pet's name for everyone who gets the notification: the owner and
-- every co-guardian (issue #20). 0011 looked the name up in the recipient's own link, which a
-- guardian does not have, so guardians got an empty title. A notification without a tracker is
-- titled 'Rastro'.
CREATE OR REPLACE FUNCTION "push_enfileirar_notificacoes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "push_fila" ("inscricao_id", "payload")
  SELECT i."id", json_build_object(
      'titulo', coalesce(ur."descricao", 'Rastro'),
      'corpo', n."descricao",
      'rastreadorId', n."rastreador_id",
      'url', CASE WHEN n."rastreador_id" IS NULL THEN '/user/mapa' ELSE '/user/mapa?rastreador=' || n."rastreador_id" END,
      'id', n."id"::text)::text
  FROM "novas" n
  JOIN "push_inscricoes" i ON i."usuario_id" = n."usuario_id"
  LEFT JOIN "usuario_rastreadores" ur ON ur."rastreador_id" = n."rastreador_id";
  IF FOUND THEN
    PERFORM pg_notify('rastro_push', '');
  END IF;
  RETURN NULL;
END $$;
