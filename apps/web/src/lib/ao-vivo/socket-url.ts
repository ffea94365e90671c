import { SOCKET_PATH } from '@rastro/shared/constants';
import { config } from '../config';

/**
 * ws(s)://<API origin>/api/socket: the API's own address when VITE_API_URL is set (with any
 * path prefix it has, as buildUrl does), else the page's origin.
 */
export function socketUrl(apiUrl: string = config.apiUrl, pagina: string = window.location.href): string {
  const url = new URL(apiUrl || '/', pagina);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  url.pathname = `${url.pathname.replace(/\/+$/, '')}${SOCKET_PATH}`;
  url.search = '';
  url.hash = '';
  return url.href;
}
