import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each table is declared beside the code that owns it (src/db/donos.json).
  schema: ['./src/**/schema.ts', './src/db/parametros.ts'],
  out: './drizzle',
});
