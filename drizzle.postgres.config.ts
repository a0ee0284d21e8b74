import { defineConfig } from 'drizzle-kit';

// The PostgreSQL engine's migrations (`npm run db:generate:postgres`); drizzle.config.ts is SQLite's.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src-main/store/postgres/schema.ts',
  out: './src-main/store/postgres/migrations',
});
