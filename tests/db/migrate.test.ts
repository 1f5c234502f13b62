import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MigrationError, migrate, migrationStatus, readMigrations, type Migration } from "@/lib/db/migrate";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { expectedColumnType, parsePrismaSchema } from "../support/prisma-schema";

let db: TestDatabase;
let migrations: Migration[];

beforeAll(async () => {
  db = await createTestDatabase({ migrate: false });
  migrations = await readMigrations();
});
afterAll(() => db.destroy());

describe("migration runner", () => {
  it("applies every migration once and records Prisma-compatible rows", async () => {
    const first = await db.withSession((s) => migrate(s, migrations));
    expect(first).toEqual(migrations.map((m) => m.name));
    const second = await db.withSession((s) => migrate(s, migrations));
    expect(second).toEqual([]);

    const rows = await db.withSession((s) =>
      s.query<{ migration_name: string; checksum: string; applied_steps_count: number; finished_at: Date | null }>(
        `SELECT migration_name, checksum, applied_steps_count, finished_at FROM "_prisma_migrations" ORDER BY migration_name`,
      ),
    );
    expect(rows.map((r) => r.migration_name)).toEqual(migrations.map((m) => m.name));
    for (const row of rows) {
      const file = readFileSync(`prisma/migrations/${row.migration_name}/migration.sql`);
      expect(row.checksum).toBe(createHash("sha256").update(file).digest("hex"));
      expect(row.applied_steps_count).toBe(1);
      expect(row.finished_at).not.toBeNull();
    }
    const status = await db.withSession((s) => migrationStatus(s, migrations));
    expect(status).toEqual({ applied: migrations.map((m) => m.name), pending: [], modified: [], failed: [] });
  });

  it("refuses to run when an applied migration was changed", async () => {
    const changed = migrations.map((m, i) =>
      i === 0
        ? {
            ...m,
            sql: `${m.sql}\n-- edited`,
            checksum: createHash("sha256").update(`${m.sql}\n-- edited`).digest("hex"),
          }
        : m,
    );
    const attempt = db.withSession((s) => migrate(s, changed));
    await expect(attempt).rejects.toBeInstanceOf(MigrationError);
    await expect(db.withSession((s) => migrate(s, changed))).rejects.toThrow(
      new RegExp(`${migrations[0].name} was changed after it was applied`),
    );
  });

  it("rolls a failing migration back completely and records nothing", async () => {
    const broken: Migration = {
      name: "99990101000000_broken",
      sql: `CREATE TABLE "WillVanish" (id INT);\nSELECT * FROM "no_such_table";`,
      checksum: "x".repeat(64),
    };
    await expect(db.withSession((s) => migrate(s, [...migrations, broken]))).rejects.toThrow(
      /99990101000000_broken failed/,
    );
    const leftovers = await db.withSession((s) =>
      s.query<{ t: string | null }>(`SELECT to_regclass('"WillVanish"')::text AS t`),
    );
    expect(leftovers[0].t).toBeNull();
    const status = await db.withSession((s) => migrationStatus(s, [...migrations, broken]));
    expect(status.pending).toEqual([broken.name]);
  });
});

describe("migrated database matches schema.prisma", () => {
  it("has every model's table and every field's column, type and nullability — and nothing else", async () => {
    const { models, enums } = parsePrismaSchema();
    expect(models.length).toBeGreaterThanOrEqual(5);
    const columns = await db.withSession((s) =>
      s.query<{ table_name: string; column_name: string; data_type: string; udt_name: string; is_nullable: string }>(
        `SELECT table_name, column_name, data_type, udt_name, is_nullable FROM information_schema.columns
         WHERE table_schema = current_schema() AND table_name <> '_prisma_migrations'`,
      ),
    );
    const byTable = new Map<string, typeof columns>();
    for (const c of columns) byTable.set(c.table_name, [...(byTable.get(c.table_name) ?? []), c]);

    expect([...byTable.keys()].sort()).toEqual(models.map((m) => m.table).sort());
    for (const model of models) {
      const actual = byTable.get(model.table) ?? [];
      expect(actual.map((c) => c.column_name).sort(), model.name).toEqual(model.fields.map((f) => f.column).sort());
      for (const field of model.fields) {
        const col = actual.find((c) => c.column_name === field.column)!;
        const expected = expectedColumnType(field, enums);
        expect(col.data_type, `${model.name}.${field.name} type`).toBe(expected.dataType);
        if (expected.udtName) expect(col.udt_name, `${model.name}.${field.name} udt`).toBe(expected.udtName);
        const nullable = field.optional || field.list;
        expect(col.is_nullable, `${model.name}.${field.name} nullability`).toBe(nullable ? "YES" : "NO");
      }
    }
    const dbEnums = await db.withSession((s) =>
      s.query<{ typname: string }>(
        `SELECT t.typname FROM pg_type t JOIN pg_namespace n ON n.oid = t.typnamespace
         WHERE t.typtype = 'e' AND n.nspname = current_schema()`,
      ),
    );
    expect(dbEnums.map((e) => e.typname).sort()).toEqual([...enums].sort());
  });

  it("serves Prisma queries on the migrated tables", async () => {
    const agent = await db.prisma.agent.create({
      data: { name: "probe", kind: "builtin", config: { bot: "random" }, games: ["socialgrid"] },
    });
    const episode = await db.prisma.episode.create({
      data: {
        game: "socialgrid",
        rulesetVersion: "test",
        config: {},
        seed: 7,
        participants: { create: { seat: 0, agentId: agent.id } },
      },
    });
    await db.prisma.episodeEvent.createMany({
      data: [1, 2].map((seq) => ({ episodeId: episode.id, seq, type: "probe", payload: { seq } })),
    });
    await expect(
      db.prisma.episodeEvent.create({ data: { episodeId: episode.id, seq: 2, type: "dup", payload: {} } }),
    ).rejects.toThrow();
    const events = await db.prisma.episodeEvent.findMany({ where: { episodeId: episode.id }, orderBy: { seq: "asc" } });
    expect(events.map((e) => e.seq)).toEqual([1, 2]);
  });
});

describe("the game-modules migration", () => {
  it("moves LLM agents' SocialGrid oracle and macro under options.socialgrid and drops the derived rating data", async () => {
    const fresh = await createTestDatabase({ migrate: false });
    try {
      const at = migrations.findIndex((m) => m.name.endsWith("_game_modules"));
      expect(at).toBeGreaterThan(0);
      await fresh.withSession((s) => migrate(s, migrations.slice(0, at)));
      await fresh.prisma.agent.createMany({
        data: [
          {
            name: "old-llm",
            kind: "llm",
            config: { baseURL: "http://x/v1", model: "m", oracle: "low", macro: true },
            games: [],
          },
          { name: "plain-llm", kind: "llm", config: { baseURL: "http://x/v1", model: "m", macro: false }, games: [] },
          { name: "bot", kind: "builtin", config: { name: "random" }, games: [] },
        ],
      });
      await fresh.withSession((s) =>
        s.query(
          `INSERT INTO "LeaderboardSnapshot" (game, data, "computedAt", episodes) VALUES ('socialgrid', '{}', now(), 0)`,
        ),
      );
      await fresh.withSession((s) => migrate(s, migrations));
      const configs = Object.fromEntries(
        (await fresh.prisma.agent.findMany({ select: { name: true, config: true } })).map((a) => [a.name, a.config]),
      );
      expect(configs["old-llm"]).toEqual({
        baseURL: "http://x/v1",
        model: "m",
        options: { socialgrid: { oracle: "low", macro: true } },
      });
      expect(configs["plain-llm"]).toEqual({
        baseURL: "http://x/v1",
        model: "m",
        options: { socialgrid: { macro: false } },
      });
      expect(configs.bot).toEqual({ name: "random" });
      expect(await fresh.prisma.leaderboardSnapshot.count()).toBe(0);
    } finally {
      await fresh.destroy();
    }
  });
});
