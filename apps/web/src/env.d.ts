interface ImportMetaEnv {
  readonly VITE_OAUTH_CLIENT_ID?: string;
  readonly VITE_OAUTH_CLIENT_SECRET?: string;
  /** Base URL of the API; empty means the same origin (the server serves the app). */
  readonly VITE_API_URL?: string;
  /** Written by the build (vite.config.ts): APP_VERSION, else the package's version. */
  readonly VITE_VERSAO?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// The ALTCHA translation bundles register themselves on globalThis.$altcha and export nothing.
declare module 'altcha/i18n/pt-br';
