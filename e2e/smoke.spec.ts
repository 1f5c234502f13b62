import { expect, test } from "@playwright/test";

test("home page renders with navigation and a live Socket.IO connection", async ({ page }) => {
  await page.goto("/");
  const nav = page.getByRole("navigation", { name: "Main" });
  for (const name of ["Live", "Episodes", "Leaderboard", "Agents", "Submit an agent"]) {
    await expect(nav.getByRole("link", { name })).toBeVisible();
  }
  await expect(page.getByRole("heading", { name: "Live games" })).toBeVisible();
  // The status only turns "connected" after the server's `hello` event reached the browser.
  await expect(page.getByRole("status", { name: "Realtime connected" })).toBeVisible();
  await page.screenshot({ path: "test-results/artifacts/home.png", fullPage: true });
});

test("every page of the navigation renders", async ({ page }) => {
  await page.goto("/");
  for (const [link, heading] of [
    ["Episodes", "Episodes"],
    ["Leaderboard", "Leaderboard"],
    ["Agents", "Agents"],
    ["Submit an agent", "Submit an agent"],
  ]) {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: link }).click();
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
  }
});

test("phone layout keeps the navigation usable", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Leaderboard" })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: "test-results/artifacts/home-mobile.png", fullPage: true });
});

test("health reports version, database kind, reachability and migrations", async ({ request }) => {
  const res = await request.get("/api/health");
  expect(res.status()).toBe(200);
  const body = await res.json();
  expect(body.status).toBe("ok");
  expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
  expect(body.database.kind).toBe(process.env.TEST_DATABASE_URL || process.env.DATABASE_URL ? "postgres" : "embedded");
  expect(body.database.reachable).toBe(true);
  expect(body.database.migrations.pending).toEqual([]);
  expect(body.database.migrations.applied.length).toBeGreaterThan(0);
  expect(body.realtime.attached).toBe(true);
});
