import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w backend` writes a new SQL migration from the schema diff; commit it.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.table.ts',
  out: './src/db/migrations',
});
