/**
 * zod/mini as the browser gets it (package.json, condition `browser`): objects parse without
 * compiling code, which the app's Content-Security-Policy (no 'unsafe-eval') would refuse anyway.
 * The server's variant is ./zod.ts.
 */
export * from 'zod/mini';
