import type { NextConfig } from "next";

const nextConfig: NextConfig = {
  // PGlite's wasm/data files and the pg driver must be loaded from node_modules at run time, not bundled.
  serverExternalPackages: ["@electric-sql/pglite", "pglite-prisma-adapter", "@prisma/adapter-pg", "pg"],
  poweredByHeader: false,
  // The app's sources only; tests, benchmarks and scripts are checked by `npm run typecheck`.
  typescript: { tsconfigPath: "tsconfig.next.json" },
};

export default nextConfig;
