#!/usr/bin/env node
/**
 * The project's entry points, so the README commands work on a fresh clone with nothing set by hand:
 *   start  validate env → generate the Prisma client → build when sources changed → serve (production)
 *   dev    validate env → generate → Next dev server behind the same custom server
 *   build  generate → next build
 *   test   generate → lint → typecheck → vitest → build → Playwright; ends with "N passed, N failed"
 *   bench  run a benchmark suite (args passed through)
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
process.chdir(root);

const toolEnv = {
  NEXT_TELEMETRY_DISABLED: "1",
  CHECKPOINT_DISABLE: "1",
  // `prisma generate` needs no schema engine; pointing at any executable stops it from trying to download one.
  ...(existsSync("/bin/true") && !process.env.PRISMA_SCHEMA_ENGINE_BINARY
    ? { PRISMA_SCHEMA_ENGINE_BINARY: "/bin/true" }
    : {}),
};
const bin = (name) => path.join(root, "node_modules", ".bin", name);

function run(cmd, args, extraEnv = {}, { allowFailure = false } = {}) {
  const result = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...toolEnv, ...extraEnv } });
  if (result.error) throw result.error;
  if (result.status !== 0 && !allowFailure) process.exit(result.status ?? 1);
  return result.status ?? 1;
}

function newestMtime(entries) {
  let newest = 0;
  const visit = (p) => {
    if (!existsSync(p)) return;
    const s = statSync(p);
    if (s.isDirectory()) {
      for (const child of readdirSync(p))
        if (!child.startsWith(".") && child !== "node_modules") visit(path.join(p, child));
    } else newest = Math.max(newest, s.mtimeMs);
  };
  entries.forEach(visit);
  return newest;
}

function checkEnv() {
  run(bin("tsx"), ["scripts/check-env.ts"]);
}

function generate() {
  const client = "lib/generated/prisma/client.ts";
  if (existsSync(client) && statSync(client).mtimeMs >= statSync("prisma/schema.prisma").mtimeMs) return;
  run(bin("prisma"), ["generate"]);
}

function build({ ifStale = false } = {}) {
  generate();
  const buildId = ".next/BUILD_ID";
  const sources = [
    "app",
    "components",
    "lib",
    "engine",
    "public",
    "next.config.ts",
    "package.json",
    "postcss.config.mjs",
    "prisma/schema.prisma",
  ];
  if (ifStale && existsSync(buildId) && statSync(buildId).mtimeMs >= newestMtime(sources)) return;
  run(bin("next"), ["build"]);
}

function summarize(label, counts) {
  console.log(`${label}: ${counts.passed} passed, ${counts.failed} failed`);
}

function vitestCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const report = JSON.parse(readFileSync(file, "utf8"));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + (report.success || report.numFailedTests ? 0 : 1),
  };
}

function playwrightCounts(file) {
  if (!existsSync(file)) return { passed: 0, failed: 1 };
  const { stats } = JSON.parse(readFileSync(file, "utf8"));
  return { passed: stats.expected + stats.flaky, failed: stats.unexpected + (stats.skipped ?? 0) };
}

/** Lint, type check, Vitest, build, Playwright; ends with "N passed, N failed" (a lint or type failure counts as one). */
function test() {
  const out = "test-results";
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  generate();
  const lintFailed = run(bin("biome"), ["check", "--error-on-warnings", "."], {}, { allowFailure: true }) !== 0;
  console.log(`lint: ${lintFailed ? "failed" : "ok"}`);
  const typecheckFailed = run(bin("tsc"), ["--noEmit", "-p", "."], {}, { allowFailure: true }) !== 0;
  console.log(`typecheck: ${typecheckFailed ? "failed" : "ok"}`);
  const unitStatus = run(
    bin("vitest"),
    ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${out}/vitest.json`, ...rest],
    {},
    { allowFailure: true },
  );
  const unit = vitestCounts(`${out}/vitest.json`);
  if (unitStatus !== 0 && unit.failed === 0) unit.failed = 1;
  summarize("unit and integration", unit);
  build({ ifStale: true });
  const e2eStatus = run(
    bin("playwright"),
    ["test"],
    { PLAYWRIGHT_JSON_OUTPUT_NAME: `${out}/playwright.json` },
    { allowFailure: true },
  );
  const e2e = playwrightCounts(`${out}/playwright.json`);
  if (e2eStatus !== 0 && e2e.failed === 0) e2e.failed = 1;
  summarize("end-to-end", e2e);
  const passed = unit.passed + e2e.passed;
  const failed = unit.failed + e2e.failed + (typecheckFailed ? 1 : 0) + (lintFailed ? 1 : 0);
  console.log(`${passed} passed, ${failed} failed`);
  process.exit(failed > 0 || passed === 0 ? 1 : 0);
}

const [task, ...rest] = process.argv.slice(2);
switch (task) {
  case "start":
    checkEnv();
    build({ ifStale: true });
    run(bin("tsx"), ["server.ts"], { NODE_ENV: "production" });
    break;
  case "dev":
    checkEnv();
    generate();
    run(bin("tsx"), ["watch", "--clear-screen=false", "--ignore", ".next/**", "--ignore", ".data/**", "server.ts"], {
      NODE_ENV: "development",
    });
    break;
  case "build":
    build();
    break;
  case "test":
    test();
    break;
  case "bench":
    run(bin("tsx"), ["bench/index.ts", ...rest]);
    break;
  default:
    console.error(`unknown task ${task ?? ""}; use start | dev | build | test | bench`);
    process.exit(2);
}
