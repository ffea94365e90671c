CREATE TABLE "access_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"revogado_em" timestamp with time zone,
	CONSTRAINT "access_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "auditoria" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer,
	"emulador_id" integer,
	"acao" varchar(60) NOT NULL,
	"detalhe" jsonb,
	"ip" varchar(64),
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "captcha_usados" (
	"chave" varchar(128) PRIMARY KEY NOT NULL,
	"expira_em" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cidades" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(100) NOT NULL,
	"estado_id" integer NOT NULL,
	"codigo_ibge" integer NOT NULL,
	CONSTRAINT "cidades_codigo_ibge_unique" UNIQUE("codigo_ibge")
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"destinatario" varchar(120) NOT NULL,
	"assunto" varchar(200) NOT NULL,
	"texto" text NOT NULL,
	"html" text NOT NULL,
	"status" varchar(10) DEFAULT 'PENDENTE' NOT NULL,
	"tentativas" integer DEFAULT 0 NOT NULL,
	"proxima_tentativa" timestamp with time zone DEFAULT now() NOT NULL,
	"ultimo_erro" text,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"enviado_em" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "estados" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(50) NOT NULL,
	"uf" varchar(2) NOT NULL,
	"codigo_ibge" smallint NOT NULL,
	CONSTRAINT "estados_uf_unique" UNIQUE("uf"),
	CONSTRAINT "estados_codigo_ibge_unique" UNIQUE("codigo_ibge")
);
--> statement-breakpoint
CREATE TABLE "niveis" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(50) NOT NULL,
	"is_client" boolean DEFAULT false NOT NULL,
	CONSTRAINT "niveis_nome_unique" UNIQUE("nome")
);
--> statement-breakpoint
CREATE TABLE "nivel_permissoes" (
	"nivel_id" integer NOT NULL,
	"permissao" varchar(10) NOT NULL,
	CONSTRAINT "nivel_permissoes_nivel_id_permissao_pk" PRIMARY KEY("nivel_id","permissao")
);
--> statement-breakpoint
CREATE TABLE "parametros" (
	"chave" varchar(60) PRIMARY KEY NOT NULL,
	"valor" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "senha_tokens" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"usuario_id" integer NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"tipo" varchar(20) NOT NULL,
	"criado_em" timestamp with time zone DEFAULT now() NOT NULL,
	"expira_em" timestamp with time zone NOT NULL,
	"usado_em" timestamp with time zone,
	CONSTRAINT "senha_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "usuarios" (
	"id" serial PRIMARY KEY NOT NULL,
	"nome" varchar(80) NOT NULL,
	"email" varchar(80) NOT NULL,
	"senha_hash" text,
	"data_nascimento" date,
	"cpf" varchar(11),
	"rg" varchar(15),
	"sexo" varchar(25),
	"telefone_celular" varchar(11),
	"telefone_residencial" varchar(11),
	"telefone_comercial" varchar(11),
	"cep" varchar(8),
	"logradouro" varchar(50),
	"numero" varchar(5),
	"complemento" varchar(100),
	"bairro" varchar(100),
	"referencia" varchar(100),
	"estado_id" integer,
	"cidade_id" integer,
	"nivel_id" integer NOT NULL,
	"situacao" boolean DEFAULT true NOT NULL,
	"data_cadastro" timestamp with time zone DEFAULT now() NOT NULL,
	"atualizado_em" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_tokens" ADD CONSTRAINT "access_tokens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cidades" ADD CONSTRAINT "cidades_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nivel_permissoes" ADD CONSTRAINT "nivel_permissoes_nivel_id_niveis_id_fk" FOREIGN KEY ("nivel_id") REFERENCES "public"."niveis"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "senha_tokens" ADD CONSTRAINT "senha_tokens_usuario_id_usuarios_id_fk" FOREIGN KEY ("usuario_id") REFERENCES "public"."usuarios"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_estado_id_estados_id_fk" FOREIGN KEY ("estado_id") REFERENCES "public"."estados"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_cidade_id_cidades_id_fk" FOREIGN KEY ("cidade_id") REFERENCES "public"."cidades"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usuarios" ADD CONSTRAINT "usuarios_nivel_id_niveis_id_fk" FOREIGN KEY ("nivel_id") REFERENCES "public"."niveis"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_tokens_usuario_idx" ON "access_tokens" USING btree ("usuario_id");--> statement-breakpoint
CREATE INDEX "auditoria_usuario_idx" ON "auditoria" USING btree ("usuario_id","criado_em");--> statement-breakpoint
CREATE INDEX "cidades_estado_nome_idx" ON "cidades" USING btree ("estado_id","nome");--> statement-breakpoint
CREATE INDEX "email_outbox_pendentes_idx" ON "email_outbox" USING btree ("status","proxima_tentativa");--> statement-breakpoint
CREATE INDEX "senha_tokens_usuario_idx" ON "senha_tokens" USING btree ("usuario_id");--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_email_uq" ON "usuarios" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "usuarios_cpf_uq" ON "usuarios" USING btree ("cpf");--> statement-breakpoint
CREATE INDEX "usuarios_nome_idx" ON "usuarios" USING btree ("nome");