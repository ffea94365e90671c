import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  char,
  customType,
  doublePrecision,
  real,
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const niveis = pgTable('niveis', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 50 }).notNull().unique(),
  isClient: boolean('is_client').notNull().default(false),
});

export const nivelPermissoes = pgTable(
  'nivel_permissoes',
  {
    nivelId: integer('nivel_id')
      .notNull()
      .references(() => niveis.id, { onDelete: 'cascade' }),
    permissao: varchar('permissao', { length: 10 }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.nivelId, t.permissao] })],
);

export const estados = pgTable('estados', {
  id: serial('id').primaryKey(),
  nome: varchar('nome', { length: 50 }).notNull(),
  uf: varchar('uf', { length: 2 }).notNull().unique(),
  codigoIbge: smallint('codigo_ibge').notNull().unique(),
});

export const cidades = pgTable(
  'cidades',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 100 }).notNull(),
    estadoId: integer('estado_id')
      .notNull()
      .references(() => estados.id),
    codigoIbge: integer('codigo_ibge').notNull().unique(),
  },
  (t) => [index('cidades_estado_nome_idx').on(t.estadoId, t.nome)],
);

export const usuarios = pgTable(
  'usuarios',
  {
    id: serial('id').primaryKey(),
    nome: varchar('nome', { length: 80 }).notNull(),
    email: varchar('email', { length: 80 }).notNull(),
    senhaHash: text('senha_hash'),
    dataNascimento: date('data_nascimento', { mode: 'string' }),
    cpf: varchar('cpf', { length: 11 }),
    rg: varchar('rg', { length: 15 }),
    sexo: varchar('sexo', { length: 25 }),
    telefoneCelular: varchar('telefone_celular', { length: 11 }),
    telefoneResidencial: varchar('telefone_residencial', { length: 11 }),
    telefoneComercial: varchar('telefone_comercial', { length: 11 }),
    cep: varchar('cep', { length: 8 }),
    logradouro: varchar('logradouro', { length: 50 }),
    numero: varchar('numero', { length: 5 }),
    complemento: varchar('complemento', { length: 100 }),
    bairro: varchar('bairro', { length: 100 }),
    referencia: varchar('referencia', { length: 100 }),
    estadoId: integer('estado_id').references(() => estados.id),
    cidadeId: integer('cidade_id').references(() => cidades.id),
    nivelId: integer('nivel_id')
      .notNull()
      .references(() => niveis.id),
    situacao: boolean('situacao').notNull().default(true),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('usuarios_email_uq').on(sql`lower(${t.email})`),
    uniqueIndex('usuarios_cpf_uq').on(t.cpf),
    index('usuarios_nome_idx').on(t.nome),
  ],
);

/** Opaque bearer tokens: only the SHA-256 of the token is stored. */
export const accessTokens = pgTable(
  'access_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    expiraEm: tz('expira_em').notNull(),
    revogadoEm: tz('revogado_em'),
  },
  (t) => [index('access_tokens_usuario_idx').on(t.usuarioId)],
);

/** Password links (reset and first access): hashed, single-use, time-limited. */
export const senhaTokens = pgTable(
  'senha_tokens',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    expiraEm: tz('expira_em').notNull(),
    usadoEm: tz('usado_em'),
  },
  (t) => [index('senha_tokens_usuario_idx').on(t.usuarioId)],
);

/** Transactional outbox: an e-mail is a row before it is a message. */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    destinatario: varchar('destinatario', { length: 120 }).notNull(),
    assunto: varchar('assunto', { length: 200 }).notNull(),
    texto: text('texto').notNull(),
    html: text('html').notNull(),
    status: varchar('status', { length: 10 }).notNull().default('PENDENTE'),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: tz('proxima_tentativa').notNull().defaultNow(),
    ultimoErro: text('ultimo_erro'),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    enviadoEm: tz('enviado_em'),
  },
  (t) => [index('email_outbox_pendentes_idx').on(t.status, t.proximaTentativa)],
);

/** ALTCHA payloads already accepted: each challenge is good once. */
export const captchaUsados = pgTable('captcha_usados', {
  chave: varchar('chave', { length: 128 }).primaryKey(),
  expiraEm: tz('expira_em').notNull(),
});

/**
 * Rate-limit windows shared by the instances (plugins/rate-limit/database-store.ts): the SHA-256 of
 * the key, the hits in the window and when it ends. UNLOGGED (migration 0021).
 */
export const limiteJanelas = pgTable('limite_janelas', {
  chave: char('chave', { length: 64 }).primaryKey(),
  contagem: integer('contagem').notNull(),
  expiraEm: tz('expira_em').notNull(),
});

export const auditoria = pgTable(
  'auditoria',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id'),
    emuladorId: integer('emulador_id'),
    acao: varchar('acao', { length: 60 }).notNull(),
    detalhe: jsonb('detalhe'),
    ip: varchar('ip', { length: 64 }),
    criadoEm: tz('criado_em').notNull().defaultNow(),
  },
  (t) => [index('auditoria_usuario_idx').on(t.usuarioId, t.criadoEm)],
);

/** Instance-wide settings generated on first start (e.g. the captcha HMAC secret when unset). */
export const parametros = pgTable('parametros', {
  chave: varchar('chave', { length: 60 }).primaryKey(),
  valor: text('valor').notNull(),
});

export const chips = pgTable(
  'chips',
  {
    id: serial('id').primaryKey(),
    descricao: varchar('descricao', { length: 150 }).notNull(),
    /** Digits only, with area code. */
    numero: varchar('numero', { length: 11 }).notNull(),
    situacao: char('situacao', { length: 1 }).notNull().default('A'),
    usuarioCadastroId: integer('usuario_cadastro_id').references(() => usuarios.id),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('chips_numero_idx').on(t.numero)],
);

export const rastreadores = pgTable(
  'rastreadores',
  {
    id: serial('id').primaryKey(),
    imei: varchar('imei', { length: 20 }).notNull().unique(),
    protocolo: varchar('protocolo', { length: 10 }).notNull(),
    /** One tracker per chip: a chip in use is not available to another tracker. */
    chipId: integer('chip_id')
      .references(() => chips.id)
      .unique(),
    situacao: varchar('situacao', { length: 20 }).notNull().default('AGUARDANDO_VINCULO'),
    situacaoEnergia: varchar('situacao_energia', { length: 25 }).notNull().default('LIGADO'),
    bateria: smallint('bateria'),
    nivelSinal: smallint('nivel_sinal'),
    ultimaComunicacao: tz('ultima_comunicacao'),
    /** While set and in the future, the tracker is in ALERTA (alarms, 30 minutes). */
    alertaAte: tz('alerta_ate'),
    /** Last time two sources were seen taking turns on this IMEI (a possible clone). */
    origensAlternadasEm: tz('origens_alternadas_em'),
    /** argon2id of the activation code printed on the box; when set, linking needs the code. */
    codigoAtivacaoHash: varchar('codigo_ativacao_hash', { length: 255 }),
    usuarioCadastroId: integer('usuario_cadastro_id').references(() => usuarios.id),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('rastreadores_situacao_idx').on(t.situacao)],
);

/** The owner's link to a tracker, with the owner's settings. One owner per tracker. */
export const usuarioRastreadores = pgTable(
  'usuario_rastreadores',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id)
      .unique(),
    descricao: varchar('descricao', { length: 150 }).notNull(),
    intervaloLocalizacao: smallint('intervalo_localizacao').notNull().default(5),
    economiaBateria: char('economia_bateria', { length: 1 }).notNull().default('F'),
    ultraEconomiaBateria: char('ultra_economia_bateria', { length: 1 }).notNull().default('F'),
    periUltraEconBateria: smallint('peri_ultra_econ_bateria'),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    /** Lost-pet mode (issue #19): on from `perdidoDesde` until `perdidoAte`; null when off. */
    perdidoDesde: tz('perdido_desde'),
    perdidoAte: tz('perdido_ate'),
    /** When the collar was last asked for a fix in lost mode. */
    perdidoLocalizadoEm: tz('perdido_localizado_em'),
  },
  (t) => [
    index('usuario_rastreadores_usuario_idx').on(t.usuarioId),
    index('usuario_rastreadores_perdido_idx')
      .on(t.perdidoAte)
      .where(sql`${t.perdidoAte} is not null`),
  ],
);

/** A share link of a pet (issue #19): anyone with its token sees the pet until it expires or is revoked. */
export const linksCompartilhados = pgTable(
  'links_compartilhados',
  {
    id: serial('id').primaryKey(),
    usuarioRastreadorId: integer('usuario_rastreador_id')
      .notNull()
      .references(() => usuarioRastreadores.id, { onDelete: 'cascade' }),
    /** SHA-256 of the token, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    mensagem: varchar('mensagem', { length: 200 }),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    expiraEm: tz('expira_em').notNull(),
    revogadoEm: tz('revogado_em'),
    /**
     * Who created it: the owner or a co-guardian, whose links are revoked when they stop being one
     * (issue #31). Null for links older than migration 0020.
     */
    criadoPorUsuarioId: integer('criado_por_usuario_id').references(() => usuarios.id, { onDelete: 'set null' }),
    /** Whether the public page shows its creator's mobile phone (issue #32, migration 0022). */
    compartilharTelefone: boolean('compartilhar_telefone').notNull().default(false),
  },
  (t) => [index('links_compartilhados_vinculo_idx').on(t.usuarioRastreadorId, t.expiraEm)],
);

/** PostgreSQL `bytea`: a Buffer in, a Buffer out (pg gives one; PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

/**
 * The pet's photo (issue #32), one per owner's link: the WebP the server re-encoded from the
 * upload (never the upload), and `versao`, a short hash of it that the photo's URL carries.
 */
export const fotosPets = pgTable('fotos_pets', {
  usuarioRastreadorId: integer('usuario_rastreador_id')
    .primaryKey()
    .references(() => usuarioRastreadores.id, { onDelete: 'cascade' }),
  imagem: bytea('imagem').notNull(),
  versao: varchar('versao', { length: 16 }).notNull(),
  atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
});

/**
 * Co-guardians of a tracker (issue #20): a pending invite (e-mail, token hash, expiry) until someone
 * accepts it (`usuarioId`, `aceitoEm`). Goes with the owner's link.
 */
export const guardioes = pgTable(
  'guardioes',
  {
    id: serial('id').primaryKey(),
    usuarioRastreadorId: integer('usuario_rastreador_id')
      .notNull()
      .references(() => usuarioRastreadores.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 150 }).notNull(),
    usuarioId: integer('usuario_id').references(() => usuarios.id, { onDelete: 'cascade' }),
    /** SHA-256 of the invite's single-use token, hex. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull().unique(),
    expiraEm: tz('expira_em').notNull(),
    aceitoEm: tz('aceito_em'),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('guardioes_vinculo_usuario_idx')
      .on(t.usuarioRastreadorId, t.usuarioId)
      .where(sql`${t.usuarioId} is not null`),
    index('guardioes_usuario_idx')
      .on(t.usuarioId)
      .where(sql`${t.usuarioId} is not null`),
    index('guardioes_vinculo_idx').on(t.usuarioRastreadorId),
  ],
);

/**
 * Positions and scans, partitioned (migration 0015): by kind (GPS; WIFI and LBS), then by month of
 * `data_hora`, with default partitions for a clock far off. No primary key (it would have to carry
 * both partition keys): `localizacoes_unica_idx` identifies a row; `id` orders ties.
 */
export const localizacoes = pgTable(
  'localizacoes',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    rastreadorId: integer('rastreador_id').notNull(),
    tipo: varchar('tipo', { length: 4 }).notNull(),
    /** The device's own time of the fix or scan. */
    dataHora: tz('data_hora').notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    velocidade: real('velocidade'),
    curso: smallint('curso'),
    /** Accuracy radius in metres (WIFI/LBS). */
    precisao: real('precisao'),
    satelites: smallint('satelites'),
    macAddress: varchar('mac_address', { length: 17 }),
    nivelSinal: smallint('nivel_sinal'),
    codigoPais: smallint('codigo_pais'),
    rede: smallint('rede'),
    codigoArea: integer('codigo_area'),
    identificadorTorre: bigint('identificador_torre', { mode: 'number' }),
    /** The device's clock was more than 5 minutes ahead: kept, never current nor on a route. */
    futura: boolean('futura').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  // Time columns in indexes are ascending: a B-tree is read both ways, so `(x, t)` serves ORDER BY
  // t ASC and t DESC alike, while drizzle's `.desc()` makes `t DESC NULLS LAST`, which matches
  // neither (ORDER BY t DESC means NULLS FIRST) and left the planner scanning other indexes.
  (t) => [
    // One row per fix and per emitter of a scan (a resent frame is stored once). NULLS NOT
    // DISTINCT in the migration: drizzle's index builder has no such option.
    uniqueIndex('localizacoes_unica_idx').on(t.rastreadorId, t.tipo, t.dataHora, t.macAddress, t.codigoArea, t.identificadorTorre),
    index('localizacoes_data_idx').on(t.dataHora),
    // The map: latest position of a tracker and its route over a period (rows with coordinates).
    index('localizacoes_posicao_idx')
      .on(t.rastreadorId, t.dataHora)
      .where(sql`latitude is not null and not futura`),
  ],
);

/**
 * The newest position (with coordinates, not dated ahead) of each tracker and kind, moved only
 * forward, in the same statement that stores positions: the map never reads the history.
 */
export const posicoesAtuais = pgTable(
  'posicoes_atuais',
  {
    rastreadorId: integer('rastreador_id').notNull(),
    tipo: varchar('tipo', { length: 4 }).notNull(),
    dataHora: tz('data_hora').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    precisao: real('precisao'),
    velocidade: real('velocidade'),
  },
  (t) => [primaryKey({ name: 'posicoes_atuais_pkey', columns: [t.rastreadorId, t.tipo] })],
);

/** Device command queue: PENDENTE → ENVIADO → CONFIRMADO/FALHOU. */
export const comandos = pgTable(
  'comandos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id),
    tipo: varchar('tipo', { length: 20 }).notNull(),
    parametros: jsonb('parametros'),
    status: varchar('status', { length: 12 }).notNull().default('PENDENTE'),
    usuarioId: integer('usuario_id').references(() => usuarios.id),
    criadoEm: tz('criado_em').notNull().defaultNow(),
    enviadoEm: tz('enviado_em'),
    concluidoEm: tz('concluido_em'),
    erro: text('erro'),
  },
  (t) => [index('comandos_rastreador_status_idx').on(t.rastreadorId, t.status)],
);

/** ViaCEP answers kept so a CEP is asked once. */
export const viaCepCache = pgTable('via_cep_cache', {
  cep: varchar('cep', { length: 8 }).primaryKey(),
  resposta: jsonb('resposta').notNull(),
  consultadoEm: tz('consultado_em').notNull().defaultNow(),
});

/** Access points learned from the fleet's GPS fixes (running average of where they were heard). */
export const pontosWifi = pgTable('pontos_wifi', {
  mac: varchar('mac', { length: 17 }).primaryKey(),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  amostras: integer('amostras').notNull().default(1),
  /** The tracker that first heard it; a second one confirms it (one device alone is not believed). */
  rastreadorOrigem: integer('rastreador_origem'),
  confirmado: boolean('confirmado').notNull().default(false),
  atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
});

/** Cells learned from the fleet or imported from OpenCellID. */
export const celulas = pgTable(
  'celulas',
  {
    mcc: smallint('mcc').notNull(),
    mnc: smallint('mnc').notNull(),
    lac: integer('lac').notNull(),
    cellId: bigint('cell_id', { mode: 'number' }).notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Typical range in metres. */
    alcance: integer('alcance').notNull().default(1000),
    amostras: integer('amostras').notNull().default(1),
    fonte: varchar('fonte', { length: 10 }).notNull().default('FROTA'),
    /** As in pontos_wifi; imported cells are confirmed. */
    rastreadorOrigem: integer('rastreador_origem'),
    confirmado: boolean('confirmado').notNull().default(false),
    atualizadoEm: tz('atualizado_em').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.mcc, t.mnc, t.lac, t.cellId] })],
);

/** Battery and signal history reported by the trackers' status messages; partitioned by month of `data_cadastro` (migration 0015). */
export const baterias = pgTable(
  'baterias',
  {
    id: bigserial('id', { mode: 'number' }).notNull(),
    rastreadorId: integer('rastreador_id').notNull(),
    bateria: smallint('bateria').notNull(),
    nivelSinal: smallint('nivel_sinal'),
    carregando: boolean('carregando'),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  // Ascending, as in localizacoes: read backwards for the newest first.
  (t) => [index('baterias_rastreador_data_idx').on(t.rastreadorId, t.dataCadastro)],
);

/** What the owner is told (alarms, power, …), newest first. */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id),
    rastreadorId: integer('rastreador_id'),
    descricao: varchar('descricao', { length: 255 }).notNull(),
    lida: boolean('lida').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    /** A device alarm's kind: repeats within the window count here (`contagem`) instead of adding rows. */
    tipo: varchar('tipo', { length: 20 }),
    contagem: integer('contagem').notNull().default(1),
    /** The newest repeat (null: only the first). */
    ultimaEm: tz('ultima_em'),
  },
  // Ascending, as in localizacoes: read backwards for the newest first.
  (t) => [
    index('notificacoes_usuario_data_idx').on(t.usuarioId, t.dataCadastro),
    index('notificacoes_agrupar_idx')
      .on(t.rastreadorId, t.tipo, t.dataCadastro)
      .where(sql`tipo is not null`),
  ],
);

/** A safe zone of an owner (issue #17): a circle or a polygon (`pontos`, implicitly closed). */
export const zonas = pgTable(
  'zonas',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    nome: varchar('nome', { length: 50 }).notNull(),
    tipo: varchar('tipo', { length: 10 }).notNull(),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    raioMetros: doublePrecision('raio_metros'),
    pontos: jsonb('pontos').$type<{ latitude: number; longitude: number }[]>().notNull().default([]),
    alertarSaida: boolean('alertar_saida').notNull().default(true),
    alertarEntrada: boolean('alertar_entrada').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
    dataAtualizacao: tz('data_atualizacao').notNull().defaultNow(),
  },
  (t) => [index('zonas_usuario_idx').on(t.usuarioId)],
);

/** The trackers a zone applies to. */
export const zonaRastreadores = pgTable(
  'zona_rastreadores',
  {
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonas.id, { onDelete: 'cascade' }),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.zonaId, t.rastreadorId] }), index('zona_rastreadores_rastreador_idx').on(t.rastreadorId)],
);

/** Where a tracker stands with a zone, as decided with hysteresis; `versao` is an optimistic lock. */
export const zonaEstados = pgTable(
  'zona_estados',
  {
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonas.id, { onDelete: 'cascade' }),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
    estado: varchar('estado', { length: 6 }).notNull(),
    pendentes: smallint('pendentes').notNull().default(0),
    dataHora: tz('data_hora').notNull(),
    versao: integer('versao').notNull().default(1),
    /** Device time of the last crossing: the next one waits ALERTAS_JANELA_SEGUNDOS. */
    transicaoEm: tz('transicao_em'),
  },
  (t) => [primaryKey({ columns: [t.rastreadorId, t.zonaId] })],
);

/** A tracker crossing a zone's border. */
export const zonaEventos = pgTable(
  'zona_eventos',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    zonaId: integer('zona_id')
      .notNull()
      .references(() => zonas.id, { onDelete: 'cascade' }),
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
    tipo: varchar('tipo', { length: 7 }).notNull(),
    dataHora: tz('data_hora').notNull(),
    latitude: doublePrecision('latitude').notNull(),
    longitude: doublePrecision('longitude').notNull(),
    /** Arrived more than 15 minutes after it was taken: recorded, not alerted. */
    atrasado: boolean('atrasado').notNull().default(false),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('zona_eventos_zona_idx').on(t.zonaId, t.dataHora), index('zona_eventos_rastreador_idx').on(t.rastreadorId, t.dataHora)],
);

/** A browser's Web Push subscription of a user (issue #18). */
export const pushInscricoes = pgTable(
  'push_inscricoes',
  {
    id: serial('id').primaryKey(),
    usuarioId: integer('usuario_id')
      .notNull()
      .references(() => usuarios.id, { onDelete: 'cascade' }),
    endpoint: varchar('endpoint', { length: 1000 }).notNull().unique(),
    p256dh: varchar('p256dh', { length: 200 }).notNull(),
    auth: varchar('auth', { length: 100 }).notNull(),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('push_inscricoes_usuario_idx').on(t.usuarioId)],
);

/** What is still to be pushed to a subscription: retried with backoff, never lost on restart. */
export const pushFila = pgTable(
  'push_fila',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    inscricaoId: integer('inscricao_id')
      .notNull()
      .references(() => pushInscricoes.id, { onDelete: 'cascade' }),
    payload: text('payload').notNull(),
    tentativas: integer('tentativas').notNull().default(0),
    proximaTentativa: tz('proxima_tentativa').notNull().defaultNow(),
    ultimoErro: varchar('ultimo_erro', { length: 1000 }),
    dataCadastro: tz('data_cadastro').notNull().defaultNow(),
  },
  (t) => [index('push_fila_proxima_idx').on(t.proximaTentativa)],
);

// ---- Daily activity (issue #20, module `atividade`) ----

/** A tracker's activity on one day in APP_TIMEZONE, added to as positions are committed. */
export const atividadeDias = pgTable(
  'atividade_dias',
  {
    rastreadorId: integer('rastreador_id')
      .notNull()
      .references(() => rastreadores.id, { onDelete: 'cascade' }),
    data: date('data', { mode: 'string' }).notNull(),
    distanciaMetros: doublePrecision('distancia_metros').notNull().default(0),
    segundosAtivos: doublePrecision('segundos_ativos').notNull().default(0),
    segundosRepouso: doublePrecision('segundos_repouso').notNull().default(0),
    /** The day's goal was reached (and notified) at this time: once per day. */
    metaAtingidaEm: tz('meta_atingida_em'),
  },
  (t) => [primaryKey({ columns: [t.rastreadorId, t.data] })],
);

/** Where a tracker's activity computation stands (optimistic lock on `versao`). */
export const atividadeEstados = pgTable('atividade_estados', {
  rastreadorId: integer('rastreador_id')
    .primaryKey()
    .references(() => rastreadores.id, { onDelete: 'cascade' }),
  latitude: doublePrecision('latitude').notNull(),
  longitude: doublePrecision('longitude').notNull(),
  precisao: real('precisao').notNull(),
  ancoraEm: tz('ancora_em').notNull(),
  pendenteDesde: tz('pendente_desde').notNull(),
  ultimo: tz('ultimo').notNull(),
  versao: integer('versao').notNull().default(1),
});

/** The owner's daily goal for a tracker: METROS walked or active MINUTOS. */
export const atividadeMetas = pgTable('atividade_metas', {
  usuarioRastreadorId: integer('usuario_rastreador_id')
    .primaryKey()
    .references(() => usuarioRastreadores.id, { onDelete: 'cascade' }),
  tipo: varchar('tipo', { length: 10 }).notNull(),
  valor: integer('valor').notNull(),
  dataAtualizacao: tz('data_atualizacao').notNull().defaultNow(),
});
