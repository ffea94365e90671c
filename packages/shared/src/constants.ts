/** Business constants and limits (spec §9). */
export const DELAY = {
  fast: 250,
  normal: 350,
  slow: 1000,
  slow2x: 2000,
  slow3x: 3000,
  logout: 1500,
  tokenCheck: 3000,
  chipSave: 500,
  meuRastreadorSave: 500,
  sessaoExpirada: 500,
  saidaEmulacao: 1000,
} as const;

export const COOKIE_DIAS = 365;
export const PAGE_SIZE = 10;
export const FIRST_PAGE = 0;
export const PAGE_SIZE_OPTIONS = [5, 10, 25, 50] as const;
export const MAX_PAGE_SIZE = 100;

/** Ids are PostgreSQL `integer`s: a larger number names no row, and the database would refuse it. */
export const ID_MAX = 2_147_483_647;

export const JANELA_DASHBOARD_DIAS = 31;
export const LIMITE_TOTAL_LOCALIZACOES = 10000;

export const FORMATO_DATA = 'DD/MM/YYYY';
export const FORMATO_HORA = 'HH:mm';
export const FORMATO_DATA_HORA = 'DD/MM/YYYY HH:mm';

export const SENHA_TOKEN_HORAS = 72;
export const IDADE_MINIMA = 18;
export const SNACKBAR_MS = 7000;

export const BREAKPOINTS = { xs: 0, sm: 576, md: 768, lg: 992, xl: 1200 } as const;
/** The sidebar collapses below this width (spec: "below width 993"). */
export const SIDEBAR_COLLAPSE_BELOW = 993;
/** Below this width the owner's screens take their phone layout: map first, cards, bottom bar (issue #18). */
export const CELULAR_ABAIXO = 600;
export const GUTTER = 16;
export const DRAWER_WIDTH = 200;
export const LOGO_HEIGHT = 115;

export const MAPA_ZOOM = 10;
export const MAPA_ALTURA_VH = 60;
export const MAPA_ZOOM_EXTERNO = 20.96;

export const PERIODOS_ULTRA_ECONOMIA = [
  { minutos: 30, nome: '30 minutos' },
  { minutos: 60, nome: '1 hora' },
  { minutos: 120, nome: '2 horas' },
  { minutos: 360, nome: '6 horas' },
  { minutos: 720, nome: '12 horas' },
  { minutos: 1440, nome: '24 horas' },
] as const;

export const LIMITES = {
  loginEmail: 80,
  loginSenha: 255,
  cadastroNome: 80,
  cadastroEmail: 80,
  senhaMin: 8,
  senhaMax: 80,
  codigo: 5,
  imei: 20,
  descricao: 150,
  nome: 50,
  email: 50,
} as const;

/** Upload interval the owner may choose, in minutes (TOPIN 0x97 accepts 10 s to 7,200 s). */
export const INTERVALO_MINUTOS = { min: 1, max: 120, padrao: 5 } as const;
/** The longest upload interval a TOPIN device accepts, in seconds. */
export const INTERVALO_MAXIMO_DISPOSITIVO_S = 7200;
/** Longest location history the map asks for at once, in days. */
export const PERIODO_MAXIMO_HISTORICO_DIAS = 7;
/** The map's live channel. */
/** The header that makes an administrator's request act as the user it names (emulation). */
export const EMULACAO_HEADER = 'x-usuario-emulado';

export const SOCKET_PATH = '/api/socket';
/** The close code of a live socket that did not authenticate, or whose session ended. */
export const SOCKET_NAO_AUTENTICADO = 4001;

/** Subscription plans (issue #35): money in integer centavos. */
export const PLANO = {
  nomeMax: 60,
  descricaoMax: 500,
  valorMinCentavos: 100,
  valorMaxCentavos: 10_000_000,
  diasCarenciaPadrao: 7,
  diasCarenciaMax: 60,
} as const;

/** Safe zones: what a zone may be, and how many a user may have. */
export const ZONA = {
  nomeMax: 50,
  raioMinMetros: 20,
  raioMaxMetros: 50_000,
  verticesMin: 3,
  verticesMax: 100,
  porUsuario: 50,
  rastreadoresMax: 100,
} as const;

/** Lost-pet mode (issue #19): how long it lasts, in hours, and how often the collar is asked for a fix. */
export const MODO_PERDIDO = { horasMin: 1, horasMax: 24, horasPadrao: 6, localizarACadaSegundos: 20 } as const;

/** Share links (issue #19): validity in hours, the owner's message, active links per tracker, the public trail. */
export const LINK_COMPARTILHADO = {
  horasMin: 1,
  horasMax: 168,
  horasPadrao: 24,
  mensagemMax: 200,
  ativosPorRastreador: 20,
  rastroHoras: 2,
} as const;

/** Co-guardians (issue #20): guardians and pending invites per tracker, and how long an invite lasts. */
export const GUARDIOES = { porRastreador: 10, conviteDias: 7 } as const;

/** Web Push (issue #18). */
export const PUSH = { inscricoesPorUsuario: 10, endpointMax: 1000 } as const;

/**
 * The pet's photo (issue #32): what an owner may send (`PUT /api/usuarios/rastreadores/{id}/foto`),
 * and what the server keeps of it — a square WebP re-encoded from the upload, never the upload.
 */
export const FOTO_PET = {
  tipos: ['image/jpeg', 'image/png', 'image/webp'],
  /** The largest upload, in bytes (5 MB). */
  bytesMax: 5 * 1024 * 1024,
  /** The stored image's side, in pixels (at most: a smaller upload is not enlarged). */
  lado: 256,
  /** The stored image's largest size, in bytes (60 kB). */
  bytesGuardadosMax: 60 * 1024,
} as const;

/** Where the pet's photo is read by whoever sees the tracker: the URL changes with the photo (`versao`), so it is cached for good. */
export const caminhoDaFoto = (usuarioRastreadorId: number, versao: string) =>
  `/api/usuarios/rastreadores/${usuarioRastreadorId}/foto?v=${encodeURIComponent(versao)}`;

/** Where a share link's page reads the pet's photo (only while the link is valid). */
export const caminhoDaFotoPublica = (token: string, versao: string) =>
  `/api/publico/links/${encodeURIComponent(token)}/foto?v=${encodeURIComponent(versao)}`;

/**
 * The session token's cookie (the web app sets it at login). The API reads the Authorization
 * header; only the pet's photo also reads this cookie, since an `<img>` sends no header.
 */
export const TOKEN_COOKIE = 'rastro_token';
