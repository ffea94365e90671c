/**
 * What the login drawn in the HTML (apps/web/login-estatico.html, a working form before the app's
 * JavaScript) hands to React's form when React replaces it: what was typed, which field had the
 * focus, and the captcha it solved or is solving — a visitor who started there loses nothing.
 */
export interface LoginEstatico {
  email: string;
  password: string;
  foco: 'email' | 'password' | null;
  /** The ALTCHA payload, once its proof of work is done (null when it failed). */
  captcha: Promise<string | null> | null;
  /**
   * The errors it was showing (a refused submit): React starts on the first interaction, often that
   * very submit, and must not wipe them. `geral` is the one under the button (the server's answer).
   */
  erros: Partial<Record<'email' | 'password' | 'captcha' | 'geral', string>>;
}

/** Set by login-estatico.html's script. */
interface EstadoDoScript {
  captcha: Promise<string | null> | null;
}

const valor = (id: string) => {
  const el = document.getElementById(id);
  return el instanceof HTMLInputElement ? el.value : '';
};

/** Read before React's first commit removes it; null when the page was not login.html. */
export function lerLoginEstatico(): LoginEstatico | null {
  const tela = document.getElementById('login-estatico');
  if (!tela) return null;
  const ativo = document.activeElement;
  const foco = ativo?.id === 'login-estatico-email' ? 'email' : ativo?.id === 'login-estatico-senha' ? 'password' : null;
  const estado = (window as Window & { __rastroLogin?: EstadoDoScript }).__rastroLogin;
  const erros: LoginEstatico['erros'] = {};
  for (const [campo, id] of [
    ['email', 'login-estatico-email-erro'],
    ['password', 'login-estatico-senha-erro'],
    ['captcha', 'login-estatico-captcha-erro'],
    ['geral', 'login-estatico-erro'],
  ] as const) {
    const texto = document.getElementById(id)?.textContent?.trim();
    if (texto) erros[campo] = texto;
  }
  return {
    erros,
    email: valor('login-estatico-email'),
    password: valor('login-estatico-senha'),
    foco,
    captcha: estado?.captcha ?? null,
  };
}
