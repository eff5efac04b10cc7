// drizzle-kit: `npm run db:generate` diffs src/server/db/schema against the last snapshot in
// src/server/db/migrations and writes the next SQL migration. Custom SQL (extensions,
// triggers, reference data): `npx drizzle-kit generate --custom --name=<what>`.
import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema/index.ts',
  out: './src/server/db/migrations',
  strict: true,
  verbose: true,
});
