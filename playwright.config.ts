import { defineConfig } from "@playwright/test";
import { CHROMIUM_ARGS, chromiumExecutable } from "./e2e/browser";

const port = Number(process.env.E2E_PORT ?? 3107);
const baseURL = `http://127.0.0.1:${port}`;
const databaseUrl = process.env.TEST_DATABASE_URL || process.env.DATABASE_URL;
// Evaluated again in worker processes: keep the first process's names so all agree (and teardown finds them).
process.env.E2E_RUN_ID ??= `${Date.now().toString(36)}${process.pid}`;
const runId = process.env.E2E_RUN_ID;

export default defineConfig({
  testDir: "e2e",
  outputDir: "test-results/e2e",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  // CI machines have 2 cores shared with the server, its ratings worker and the browser.
  expect: { timeout: 10_000 },
  reporter: [
    ["list"],
    ["json", { outputFile: process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ?? "test-results/playwright.json" }],
  ],
  use: {
    baseURL,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumExecutable(),
      args: CHROMIUM_ARGS,
    },
  },
  globalSetup: "./e2e/global-setup.ts",
  webServer: {
    // The built app, as `npm start` serves it, on its own database: a fresh Postgres schema or a fresh PGlite folder.
    command: "node_modules/.bin/tsx server.ts",
    url: `${baseURL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    stdout: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      NEXT_TELEMETRY_DISABLED: "1",
      // Leaderboard tests: a remote agent on a loopback test server; leagues need this admin token (e2e/leaderboard.spec.ts).
      ALLOW_PRIVATE_AGENT_URLS: "true",
      ADMIN_TOKEN: "e2e-admin-token-0123456789",
      // Lets the viewer tests create and import episodes; demo-paced episodes stay live a few seconds.
      ARENA_TEST_API: "1",
      DEMO_STEP_MS: "200",
      ...(databaseUrl
        ? { DATABASE_URL: `${databaseUrl}${databaseUrl.includes("?") ? "&" : "?"}schema=e2e_${runId}` }
        : { DATABASE_URL: "", DATA_DIR: `test-results/e2e-data-${runId}` }),
    },
  },
});
