import { setFlagsFromString } from 'node:v8';

/**
 * V8 settings of the server process, applied first thing at start (main.ts; bench/api's server
 * process does the same). Allocation-site pretenuring off: under a burst of requests V8 may decide,
 * in the first seconds, to allocate the objects of hot allocation sites straight into old space.
 * Those objects live for one request; the process then grows old space by ~2 MB per minor GC and
 * runs a full mark-compact every few seconds, each a ~17 ms pause plus ~80 ms of marking that, on a
 * busy 2-core machine, becomes the p99 of whatever requests arrive meanwhile (bench/api: the list's
 * p99 at half load swung 5–60 ms between runs; with this off, fewer full GCs and ~10% less CPU per
 * request). Set before the app allocates anything, so no allocation site has decided yet.
 */
export function ajustarV8(): void {
  setFlagsFromString('--no-allocation-site-pretenuring');
}
