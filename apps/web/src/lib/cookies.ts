/** Minimal document.cookie helpers. */

export function getCookie(name: string): string | null {
  const prefix = `${encodeURIComponent(name)}=`;
  for (const part of document.cookie.split(';')) {
    const c = part.trim();
    if (c.startsWith(prefix)) return decodeURIComponent(c.slice(prefix.length));
  }
  return null;
}

export interface CookieOptions {
  days: number;
  path?: string;
  sameSite?: 'Strict' | 'Lax';
}

export function setCookie(name: string, value: string, { days, path = '/', sameSite = 'Strict' }: CookieOptions) {
  const expires = new Date(Date.now() + days * 86_400_000).toUTCString();
  // Browsers drop Secure cookies on insecure origins; http://localhost counts as secure.
  const secure = window.isSecureContext || window.location.protocol === 'https:' ? '; Secure' : '';
  document.cookie =
    `${encodeURIComponent(name)}=${encodeURIComponent(value)}; expires=${expires}; path=${path}` + `; SameSite=${sameSite}${secure}`;
}

export function deleteCookie(name: string, path = '/') {
  document.cookie = `${encodeURIComponent(name)}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=${path}; SameSite=Strict`;
}
