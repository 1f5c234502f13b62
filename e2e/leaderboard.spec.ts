/**
 * The arena's public face end to end: a remote agent (a local test server) is submitted, tested and gets
 * its token once; invalid input shows field errors and stores nothing; a small league with built-in bots
 * and the new agent runs to 100%; the leaderboard then lists them with ratings, intervals and heatmaps.
 */
import { expect, test, type Page } from "@playwright/test";
import { startFakeAgentServer, type FakeAgentServer } from "../tests/support/fake-agent-server";

const ADMIN_TOKEN = "e2e-admin-token-0123456789"; // playwright.config.ts gives the server the same one
const AGENT = `E2E Remote ${Date.now().toString(36)}`;
// The random bot votes (non-skip) at every scheduled vote, so the detection heatmap has values.
const BOTS = ["random", "detective"];
const ARTIFACTS = "test-results/artifacts";

let agentServer: FakeAgentServer;
test.beforeAll(async () => {
  agentServer = await startFakeAgentServer();
});
test.afterAll(async () => {
  await agentServer.close();
});

test.describe.configure({ mode: "serial" });

/** Full-page screenshot from the top (a scrolled page would draw the sticky header mid-page). */
async function snap(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: true });
}

const agentNames = async (page: Page): Promise<string[]> =>
  ((await (await page.request.get("/api/agents")).json()) as { agents: Array<{ name: string }> }).agents.map(
    (a) => a.name,
  );

test("a remote agent is tested, registered, and its token shown once", async ({ page }) => {
  await page.goto("/agents/new");
  await expect(page.getByRole("heading", { level: 1, name: "Submit an agent" })).toBeVisible();
  await page.getByLabel("Name", { exact: true }).fill(AGENT);
  await page.getByLabel("Description").fill("Answers every request from a local test server.");
  await page.getByLabel("Endpoint URL").fill(agentServer.url("/ok"));

  await page.getByRole("button", { name: "Test" }).click();
  const result = page.getByRole("status", { name: "Test result" });
  await expect(result).toContainText(/Test passed: valid reply in \d+ ms/);
  await expect(result).toContainText('"action"');
  expect(agentServer.requests.at(-1)?.headers["webhook-signature"]).toMatch(/^v1,/);
  await snap(page, "agent-test-call");

  await page.getByRole("button", { name: "Register agent" }).click();
  await expect(page.getByRole("heading", { name: `${AGENT} is registered` })).toBeVisible();
  const token = (await page.getByLabel("Owner token").textContent()) ?? "";
  const secret = (await page.getByLabel("Signing secret").textContent()) ?? "";
  expect(token).toMatch(/^sa_[A-Za-z0-9_-]{43}$/);
  expect(secret).toMatch(/^whsec_/);
  await snap(page, "agent-registered");

  await page.getByRole("link", { name: "Go to the agent's page" }).click();
  await expect(page.getByRole("heading", { level: 1, name: AGENT })).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain(token);
  expect(html).not.toContain(secret);
  const api = await (await page.request.get(page.url().replace("/agents/", "/api/agents/"))).text();
  expect(api).not.toContain(token);
  expect(api).not.toContain(secret.slice(6));
});

test("invalid input shows the field errors and stores nothing", async ({ page }) => {
  const before = await agentNames(page);
  await page.goto("/agents/new");
  await page.getByLabel("Name", { exact: true }).fill("x");
  await page.getByLabel("Endpoint URL").fill("not a url");
  const games = page.getByRole("group", { name: "Games it plays" }).getByRole("checkbox");
  for (const game of await games.all()) await game.uncheck();
  await page.getByRole("button", { name: "Register agent" }).click();

  await expect(page.getByRole("alert").filter({ hasText: "Check the highlighted fields." })).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("at least 3 characters")).toBeVisible();
  await expect(page.getByText("expected an http:// or https:// URL")).toBeVisible();
  await expect(page.getByText("choose at least one game")).toBeVisible();
  await snap(page, "agent-invalid");
  await page.getByLabel("Name", { exact: true }).fill(AGENT.toLowerCase());
  await page.getByLabel("Endpoint URL").fill(agentServer.url("/ok"));
  await page.getByRole("checkbox", { name: "socialgrid" }).check();
  await page.getByRole("button", { name: "Register agent" }).click();
  await expect(page.getByText("this name is taken")).toBeVisible();
  await snap(page, "agent-name-taken");
  expect(await agentNames(page)).toEqual(before);
});

test("a league with built-in bots and the new agent runs to 100%, and the leaderboard ranks them", async ({ page }) => {
  test.setTimeout(240_000);
  await page.goto("/leagues/new");
  await page.getByLabel("Admin token").fill(ADMIN_TOKEN);
  await page.getByLabel("League name").fill("E2E league");
  // A choice is named by the agent and its kind badge ("detective bot").
  for (const name of [...BOTS, AGENT])
    await page.getByRole("checkbox", { name: new RegExp(`^${name} (bot|remote)$`) }).check();
  await page.getByLabel("Max steps").fill("100");
  await page.getByLabel("Vote every").fill("40");
  await page.getByLabel("Seeds").fill("1");
  await snap(page, "league-new");
  await page.getByRole("button", { name: "Start league" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "E2E league" })).toBeVisible();
  const progress = page.getByRole("progressbar", { name: "League progress" });
  await expect(progress).toHaveAttribute("aria-valuenow", "100", { timeout: 180_000 });
  await expect(page.getByRole("table", { name: "League episodes" }).getByRole("row")).toHaveCount(7);
  await expect(page.getByRole("table", { name: "Standings" })).toContainText(AGENT);
  await snap(page, "league-done");

  // Ratings are recomputed in the background shortly after the last episode.
  await expect
    .poll(
      async () =>
        ((await (await page.request.get("/api/leaderboard?game=socialgrid")).json()) as { episodes: number }).episodes,
      { timeout: 30_000 },
    )
    .toBe(6);
  await page.goto("/leaderboard");
  for (const role of ["Crewmate", "Impostor"]) {
    const table = page.getByRole("table", { name: `${role} leaderboard` });
    for (const name of [AGENT, ...BOTS]) {
      const row = table.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });
      await expect(row).toHaveCount(1);
      await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{3,4}$/);
      await expect(row.getByRole("cell").nth(3)).toHaveText(/^\d{3,4} – \d{3,4}$/);
      await expect(row.getByRole("cell").nth(4)).toHaveText(/^\d+\.\d ± \d+\.\d$/);
    }
  }
  for (const heatmap of [
    "Head-to-head win rate",
    "Detection accuracy (crewmate agent × impostor agent)",
    "Games per pair",
  ]) {
    const table = page.getByRole("table", { name: new RegExp(`^${heatmap.replace(/[()×]/g, ".")}`) });
    await expect(table).toBeVisible();
    await expect(table.getByRole("row")).toHaveCount(4);
    await expect(
      table
        .getByRole("cell")
        .filter({ hasText: /^\d+%?$/ })
        .first(),
    ).toBeVisible();
  }
  await expect(
    page.getByRole("figure", { name: "Crewmate Elo with 95% bootstrap interval" }).locator(".recharts-errorBar"),
  ).toHaveCount(3);
  await snap(page, "leaderboard");

  await page
    .getByRole("table", { name: "Crewmate leaderboard" })
    .getByRole("link", { name: AGENT, exact: true })
    .click();
  await expect(page.getByRole("heading", { level: 1, name: AGENT })).toBeVisible();
  await expect(page.getByRole("table", { name: "Ratings" }).getByRole("row")).toHaveCount(3);
  await expect(page.getByRole("figure", { name: "Failure modes" })).toBeVisible();
  await snap(page, "agent-page");
});
