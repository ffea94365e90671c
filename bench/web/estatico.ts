import { writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * The LCP baseline: the login screen as plain HTML and inline CSS, no script — the same card,
 * logo, heading, fields, captcha box, button and links, at the sizes MUI gives them. Written
 * into the build directory, so the same server serves it the same way as the app's files.
 */
export const PAGINA_BASE = '/bench-login-estatico.html';

const HTML = `<!doctype html>
<html lang="pt-BR">
<head>
<meta charset="UTF-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<title>Fazer login | Rastro</title>
<style>
  body { margin: 0; font-family: Roboto, Helvetica, Arial, sans-serif; background: #fafafa; color: rgba(0,0,0,.87); }
  main { min-height: 100vh; display: flex; align-items: center; justify-content: center; padding: 16px; box-sizing: border-box; }
  .card { width: 100%; max-width: 460px; padding: 32px; box-sizing: border-box; background: #fff; border-radius: 4px;
    box-shadow: 0 3px 3px -2px rgba(0,0,0,.2), 0 3px 4px 0 rgba(0,0,0,.14), 0 1px 8px 0 rgba(0,0,0,.12); }
  .logo { display: flex; justify-content: center; align-items: center; gap: 8px; margin-bottom: 24px; font-weight: 700; font-size: 28.8px; color: #00695c; }
  form { display: flex; flex-direction: column; gap: 16px; }
  h1 { margin: 0; font-size: 1.5rem; font-weight: 400; text-align: center; }
  label { display: flex; flex-direction: column; gap: 4px; font-size: 1rem; color: rgba(0,0,0,.6); }
  input[type=email], input[type=password] { font: inherit; padding: 16.5px 14px; border: 1px solid rgba(0,0,0,.23); border-radius: 4px; }
  .captcha { display: flex; align-items: center; gap: 8px; padding: 12px; border: 1px solid #a0a0a0; border-radius: 3px; }
  button { font: inherit; font-weight: 500; font-size: .9375rem; text-transform: uppercase; padding: 8px 22px; color: #fff; background: #00695c; border: 0; border-radius: 4px; }
  .links { display: flex; flex-direction: column; align-items: center; gap: 8px; }
  a { color: #00695c; }
</style>
</head>
<body>
<main>
  <div class="card">
    <div class="logo">
      <svg width="48" height="48" viewBox="0 0 64 64" aria-hidden="true"><path fill="#00695c" d="M32 2C19.3 2 9 12.2 9 24.8 9 41.6 32 62 32 62s23-20.4 23-37.2C55 12.2 44.7 2 32 2z"/>
        <g fill="#fff"><ellipse cx="32" cy="31" rx="8" ry="6.5"/><ellipse cx="28" cy="16.5" rx="3.4" ry="4.6"/><ellipse cx="36" cy="16.5" rx="3.4" ry="4.6"/></g></svg>
      <span>Rastro</span>
    </div>
    <form aria-labelledby="login-titulo">
      <h1 id="login-titulo">Fazer login</h1>
      <label>E-mail *<input type="email" autocomplete="username" required></label>
      <label>Senha *<input type="password" autocomplete="current-password" required></label>
      <div class="captcha"><input type="checkbox" id="robo"><label for="robo">Eu não sou um robô</label></div>
      <button type="submit">Fazer Login</button>
      <div class="links"><a href="/auth/password-reset">Esqueceu sua senha?</a><a href="/auth/sign-up">Não possui uma conta? Cadastre-se</a></div>
    </form>
  </div>
</main>
</body>
</html>
`;

export const escreverPaginaBase = (dir: string) => writeFile(path.join(dir, PAGINA_BASE.slice(1)), HTML);
