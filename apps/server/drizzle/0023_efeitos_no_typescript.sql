-- What the database did on its own moves to the code of the module that owns it (issue #34, item 2;
-- docs/adr/0025-efeitos-no-typescript.md): no trigger or function of the schema writes or notifies.
-- Each notification is queued for push by the statement that inserts it (modules/notificacoes
-- with the push module's `enfileirarPush`, which also sends `rastro_push`); every change of tokens,
-- users or levels sends `rastro_sessoes` in its transaction (`avisarQueSessoesMudaram`,
-- plugins/session-cache.ts). A change made by hand in SQL no longer tells anyone.
DROP TRIGGER "notificacoes_push" ON "notificacoes";--> statement-breakpoint
DROP FUNCTION "push_enfileirar_notificacoes"();--> statement-breakpoint
DROP TRIGGER "access_tokens_sessoes" ON "access_tokens";--> statement-breakpoint
DROP TRIGGER "usuarios_sessoes" ON "usuarios";--> statement-breakpoint
DROP TRIGGER "niveis_sessoes" ON "niveis";--> statement-breakpoint
DROP TRIGGER "nivel_permissoes_sessoes" ON "nivel_permissoes";--> statement-breakpoint
DROP FUNCTION "rastro_sessoes_mudaram"();
