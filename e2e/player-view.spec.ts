import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEpisode, type EpisodeSpec } from "./episodes";

async function godLog(
  request: APIRequestContext,
  id: string,
): Promise<{ status: string; events: Array<{ type: string; players?: Array<{ role: string; name: string }> }> }> {
  const res = await request.get(`/api/episodes/${id}/events`);
  expect(res.ok()).toBe(true);
  return res.json();
}

async function finishedEpisode(request: APIRequestContext, spec: EpisodeSpec): Promise<string> {
  const id = await createEpisode(request, spec);
  await expect.poll(async () => (await godLog(request, id)).status, { timeout: 30_000 }).toBe("finished");
  return id;
}

const stepCounter = (page: Page) => page.getByText(/^Step \d+ \/ \d+$/);
const banner = (page: Page) => page.getByRole("region", { name: "Player view" });

/** Per frame, how many players the canvas draws (alive as far as the log tells, and in view). */
const drawnPerFrame = (page: Page) =>
  page.evaluate(() => {
    const timeline = window.__arenaViewer!.timeline as unknown as {
      frameCount: number;
      frame(i: number): { fates: string[]; inView: boolean[] | null };
    };
    return Array.from({ length: timeline.frameCount }, (_, i) => {
      const frame = timeline.frame(i);
      return frame.fates.filter((fate, seat) => fate === "alive" && (frame.inView?.[seat] ?? true)).length;
    });
  });

test.describe("player view (?pov=<seat>)", () => {
  test("a crewmate's view: banner, no one else's role, fewer players drawn; links between the views keep the step", async ({
    page,
    request,
  }) => {
    const id = await finishedEpisode(request, { seed: 8, config: { maxSteps: 60, voteEvery: 20 } });
    const roles = (await godLog(request, id)).events[0].players!.map((p) => p.role);
    const seat = roles.indexOf("crewmate");

    await page.goto(`/episodes/${id}?step=30`);
    await expect(stepCounter(page)).toHaveText(/^Step 30 \//);
    const god = await drawnPerFrame(page);
    await page.getByRole("button", { name: new RegExp(`^Player_${seat} \\(`) }).click();
    const watch = page.getByRole("link", { name: `Watch as Player_${seat}` });
    await expect(watch).toHaveAttribute("href", `/episodes/${id}?pov=${seat}&step=30`);
    await watch.focus();
    await page.keyboard.press("Enter");

    await expect(page).toHaveURL(new RegExp(`\\?pov=${seat}&step=30$`));
    await expect(banner(page)).toContainText(`Player view: Player_${seat} (crewmate) — only what this player knows`);
    await expect(stepCounter(page)).toHaveText(/^Step 30 \//);
    const agents = page.getByRole("region", { name: "Agents" });
    await expect(agents.getByText("unknown", { exact: true })).toHaveCount(roles.length - 1);
    await expect(agents.getByText("impostor", { exact: true })).toHaveCount(0);
    await expect(page.getByLabel(/^Only what Player_\d+ sees$/)).toHaveCount(0);
    // Nor does the page's data hold them (which the god view's does).
    const holdsImpostor = async (url: string) => /role\\?":\\?"impostor/.test(await (await request.get(url)).text());
    expect(await holdsImpostor(`/episodes/${id}`)).toBe(true);
    expect(await holdsImpostor(`/episodes/${id}?pov=${seat}`)).toBe(false);

    const pov = await drawnPerFrame(page);
    expect(pov).toHaveLength(god.length);
    expect(pov.some((n, i) => n < god[i])).toBe(true);
    pov.forEach((n, i) => expect(n).toBeLessThanOrEqual(god[i]));

    // Stepping keeps the view in the address; the banner's link goes back to the god view at that step.
    await page.keyboard.press("ArrowRight");
    await expect(stepCounter(page)).toHaveText(/^Step 31 \//);
    await expect(page).toHaveURL(new RegExp(`\\?pov=${seat}&step=31$`));
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: "/tmp/player-view.png", fullPage: true });
    await banner(page).getByRole("link", { name: "Back to the god view" }).click();
    await expect(page).toHaveURL(new RegExp(`/episodes/${id}\\?step=31$`));
    await expect(banner(page)).toHaveCount(0);
    await expect(
      page.getByRole("region", { name: "Agents" }).getByText("impostor", { exact: true }).first(),
    ).toBeVisible();
  });

  test("a live game followed as one player comes in whole", async ({ page, request }) => {
    const id = await createEpisode(request, { demo: true, seed: 9, config: { voteEvery: 10, maxSteps: 45 } });
    await page.goto(`/episodes/${id}?pov=2`);
    await expect(banner(page)).toContainText("Player view: Player_2");
    await expect(page.getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "finished", { timeout: 40_000 });
    const stored = await godLog(request, id);
    await expect(page.locator("[data-last-seq]")).toHaveAttribute("data-last-seq", String(stored.events.length));
    const pov = await drawnPerFrame(page);
    expect(pov.length).toBeGreaterThan(10);
  });

  test("a Werewolf game as one player", async ({ page, request }) => {
    const id = await finishedEpisode(request, { game: "werewolf", seed: 9 });
    const players = (await godLog(request, id)).events[0].players!;
    const seat = players.findIndex((p) => p.role !== "Werewolf");
    await page.goto(`/episodes/${id}?pov=${seat}`);
    // The banner names the player as the game does.
    await expect(banner(page)).toContainText(`Player view: ${players[seat].name}`);
    await expect(page.getByTestId("seat")).toHaveCount(8);
    await expect(page.getByTestId("seat").filter({ hasText: "unknown" })).toHaveCount(7);
    await page.keyboard.press("End");
    await expect(page.getByTestId("phase-banner")).toHaveAttribute("data-phase", "over");
  });

  test("a seat that does not exist, or is not a number, gets a message, not an error page", async ({
    page,
    request,
  }) => {
    const id = await finishedEpisode(request, { seed: 21, config: { maxSteps: 20, voteEvery: 0 } });
    for (const [pov, message] of [
      ["99", "No player view: this episode has no seat 99: its seats are 0 to 6."],
      ["abc", 'No player view: "abc" is not a seat: its seats are 0 to 6.'],
    ]) {
      const response = await page.goto(`/episodes/${id}?pov=${pov}`);
      expect(response?.status()).toBe(200);
      await expect(page.getByRole("alert").filter({ hasText: "No player view" })).toHaveText(message);
      await expect(page.getByRole("link", { name: "Watch the whole game" })).toHaveAttribute("href", `/episodes/${id}`);
    }
  });
});
