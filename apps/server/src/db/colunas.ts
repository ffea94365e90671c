import { timestamp } from 'drizzle-orm/pg-core';

/** Every instant column: `timestamp with time zone`, a Date in TypeScript. */
export const tz = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
