-- The activation code printed on the box (argon2id hash): when set, linking the tracker needs it.
ALTER TABLE "rastreadores" ADD COLUMN "codigo_ativacao_hash" varchar(255);
