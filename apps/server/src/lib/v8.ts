import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process, applied first thing at start (main.ts; bench/api's server
 * does the same): allocation-site pretenuring off, so objects that live for one request are not
 * allocated in old space. Set before the app allocates anything. Why and what it measured:
 * docs/adr/0007-flags-do-v8.md.
 */
export function ajustarV8(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
