import { defineConfig } from "prisma/config";

// The datasource URL is only needed by `prisma migrate deploy` on machines with the schema engine;
// the app itself connects through driver adapters (lib/db/client.ts).
export default defineConfig({
  schema: "prisma/schema.prisma",
  migrations: { path: "prisma/migrations" },
  datasource: { url: process.env.DATABASE_URL ?? "" },
});
