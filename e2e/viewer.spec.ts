import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { createEpisode, type EpisodeSpec } from "./episodes";

const ARTIFACTS = "test-results/artifacts";

/** The stored log: status and number of events. */
async function storedLog(request: APIRequestContext, id: string): Promise<{ status: string; events: number }> {
  const res = await request.get(`/api/episodes/${id}/events`);
  expect(res.ok()).toBe(true);
  const page = (await res.json()) as { status: string; events: unknown[] };
  return { status: page.status, events: page.events.length };
}

async function finishedEpisode(request: APIRequestContext, spec: EpisodeSpec): Promise<string> {
  const id = await createEpisode(request, spec);
  await expect.poll(async () => (await storedLog(request, id)).status, { timeout: 30_000 }).toBe("finished");
  return id;
}

const stepCounter = (page: Page) => page.getByText(/^Step \d+ \/ \d+$/);

async function currentStep(page: Page): Promise<{ step: number; last: number }> {
  const [, step, last] = /^Step (\d+) \/ (\d+)$/.exec((await stepCounter(page).textContent()) ?? "")!;
  return { step: Number(step), last: Number(last) };
}

const map = (page: Page) => page.getByRole("img", { name: /^Map at step/ });

/** SHA-256 of every canvas layer's pixels, by default once no glide or flash is running. */
async function canvasHash(page: Page, settled = true): Promise<string> {
  if (settled) await expect(map(page)).toHaveAttribute("data-animating", "false");
  return page.evaluate(async () => {
    const layers = [...document.querySelectorAll<HTMLCanvasElement>("canvas[data-layer]")];
    const digest = await crypto.subtle.digest(
      "SHA-256",
      new TextEncoder().encode(layers.map((c) => c.toDataURL()).join("|")),
    );
    return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
  });
}

async function expectStep(page: Page, step: number) {
  await expect(page.getByRole("slider", { name: "Step" })).toHaveValue(String(step));
  await expect(stepCounter(page)).toHaveText(new RegExp(`^Step ${step} / `));
}

test.describe("episode viewer", () => {
  test("a live episode moves on its own, and a vote shows up in the voting panel", async ({ page, request }) => {
    const id = await createEpisode(request, { demo: true, seed: 5, config: { voteEvery: 20, maxSteps: 300 } });
    await page.goto(`/episodes/${id}`);
    await expect(page.getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(stepCounter(page)).toBeVisible();
    const before = await currentStep(page);
    const pixelsBefore = await canvasHash(page, false);
    await expect.poll(async () => (await currentStep(page)).step, { timeout: 10_000 }).toBeGreaterThan(before.step + 2);
    // A frame may show no move (a meeting), so wait for the picture to change rather than sample it once.
    await expect.poll(() => canvasHash(page, false), { timeout: 10_000 }).not.toBe(pixelsBefore);

    // Scrubbing back leaves live mode; the Live button returns to the newest step.
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.keyboard.press("Home");
    await expect(page.getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-pressed", "false");
    await expectStep(page, 0);
    await page.getByRole("button", { name: "Live", exact: true }).click();
    await expect(page.getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-pressed", "true");
    expect((await currentStep(page)).step).toBeGreaterThan(0);

    const votes = page.getByRole("region", { name: "Votes" });
    await expect(votes.getByRole("heading", { name: "Meeting 1" })).toBeVisible({ timeout: 30_000 });
    await expect(votes.getByRole("list", { name: /^Votes of meeting \d+$/ }).first()).toBeVisible({ timeout: 5_000 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS}/viewer-live.png`, fullPage: true });
  });

  test("a finished episode scrubs by keyboard and slider; deep links draw the same pixels; the trust chart seeks", async ({
    page,
    request,
  }) => {
    const id = await finishedEpisode(request, { seed: 7, config: { voteEvery: 12, maxSteps: 150 } });
    await page.goto(`/episodes/${id}`);
    await expectStep(page, 0);
    const { last } = await currentStep(page);
    expect(last).toBeGreaterThan(20);

    await page.keyboard.press("End");
    await expectStep(page, last);
    await page.keyboard.press("Home");
    await expectStep(page, 0);
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
    await expectStep(page, 5);
    await page.keyboard.press("ArrowLeft");
    await expectStep(page, 4);

    const slider = page.getByRole("slider", { name: "Step" });
    await slider.fill("17");
    await expectStep(page, 17);
    await expect(page).toHaveURL(/[?&]step=17\b/);
    const scrubbed = await canvasHash(page);

    const direct = await page.context().newPage();
    await direct.goto(`/episodes/${id}?step=17`);
    await expectStep(direct, 17);
    expect(await canvasHash(direct)).toBe(scrubbed);
    await direct.close();

    // A click on a point of the trust chart goes to that vote.
    const point = page.getByRole("button", { name: /^Vote 1: trust .* go to step \d+$/ }).first();
    const target = Number(/go to step (\d+)$/.exec((await point.getAttribute("aria-label"))!)![1]);
    await point.click({ force: true }); // the dots of one vote overlap; any of them goes to the same step
    await expectStep(page, target);
    await expect(
      page.getByRole("region", { name: "Votes" }).getByRole("list", { name: "Votes of meeting 1" }),
    ).toBeVisible();
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: `${ARTIFACTS}/viewer-vote.png`, fullPage: true });

    // Space plays and pauses; `?` opens the shortcuts, Esc closes them; keys typed in a field are ignored.
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Pause", exact: true })).toBeVisible();
    await page.keyboard.press("Space");
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeVisible();
    await page.keyboard.press("?");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeVisible();
    // A modal dialog: Tab cannot leave it.
    for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
    expect(
      await page.evaluate(
        () => document.activeElement?.closest("dialog") !== null || document.activeElement === document.body,
      ),
    ).toBe(true);
    await expect(
      page
        .getByRole("button", { name: "Pause", exact: true })
        .or(page.getByRole("button", { name: "Play", exact: true })),
    ).not.toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "Keyboard shortcuts" })).toBeHidden();
    const paused = (await currentStep(page)).step;
    await page.getByLabel("Voter").focus();
    await page.keyboard.press("End");
    await expectStep(page, paused);
  });

  test("selecting an agent shows its field of view and its tasks; hover names it", async ({ page, request }) => {
    const id = await finishedEpisode(request, { seed: 8, config: { maxSteps: 60, voteEvery: 0 } });
    await page.goto(`/episodes/${id}?step=30`);
    await expectStep(page, 30);
    const godView = await canvasHash(page);
    // Hovering an agent names it, with its role (god view) and status.
    const agentAt = await page.evaluate(() => {
      const timeline = window.__arenaViewer!.timeline as unknown as {
        frame(i: number): { poses: Int16Array; fates: string[] };
        start: { map: { width: number } };
      };
      const frame = timeline.frame(30);
      const seat = frame.fates.indexOf("alive");
      return { seat, x: frame.poses[seat * 3], y: frame.poses[seat * 3 + 1], width: timeline.start.map.width };
    });
    const name = `Player_${agentAt.seat}`;
    const box = (await map(page).boundingBox())!;
    const size = box.width / agentAt.width;
    await page.mouse.move(box.x + (agentAt.x + 0.5) * size, box.y + (agentAt.y + 0.5) * size);
    await expect(page.getByRole("tooltip")).toContainText(name);
    await expect(page.getByRole("tooltip")).toContainText(/crewmate|impostor/);
    await page.mouse.move(0, 0);

    const agent = page.getByRole("button", { name: new RegExp(`^${name} \\(`) });
    await agent.click();
    await expect(agent).toHaveAttribute("aria-pressed", "true");
    expect(await canvasHash(page)).not.toBe(godView);
    await page.getByLabel(`Only what ${name} sees`).check();
    await expect(page.getByRole("img", { name: /^Map at step 30/ })).toBeVisible();
    await expect(page.getByRole("link", { name: "Download NDJSON" })).toHaveAttribute(
      "href",
      `/api/episodes/${id}/export`,
    );
    const exported = await page.request.get(`/api/episodes/${id}/export`);
    const lines = (await exported.text()).trim().split("\n");
    expect(JSON.parse(lines[0])).toMatchObject({ format: "social-arena-episode/1", episodeId: id });
    expect(lines.length - 1).toBe((await storedLog(request, id)).events);
  });

  test("after the connection drops and comes back, no event is missing", async ({ page, context, request }) => {
    const id = await createEpisode(request, { demo: true, seed: 9, config: { voteEvery: 10, maxSteps: 45 } });
    await page.goto(`/episodes/${id}`);
    await expect(page.getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect.poll(async () => (await currentStep(page)).step).toBeGreaterThan(3);
    // Offline emulation blocks new connections; the `offline` event makes Socket.IO drop the open one.
    await context.setOffline(true);
    await page.evaluate(() => window.dispatchEvent(new Event("offline")));
    await expect(page.getByText("Reconnecting…")).toBeVisible();
    const seenOffline = (await currentStep(page)).step;
    await page.waitForTimeout(2_500);
    await expect(page.getByText("Reconnecting…")).toBeVisible();
    expect((await currentStep(page)).step).toBe(seenOffline);
    await context.setOffline(false);
    await expect(page.locator("[data-status]")).toHaveAttribute("data-status", "finished", { timeout: 40_000 });
    const stored = await storedLog(request, id);
    await expect(page.locator("[data-last-seq]")).toHaveAttribute("data-last-seq", String(stored.events));
    await expect(stepCounter(page)).toHaveText(/^Step (\d+) \/ \1$/);
  });

  test("phone layout: everything fits the width", async ({ page, request }) => {
    const id = await finishedEpisode(request, { seed: 12, config: { voteEvery: 10, maxSteps: 80 } });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/episodes/${id}?step=15`);
    await expectStep(page, 15);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expect(page.getByRole("button", { name: "Play", exact: true })).toBeInViewport();
    await page.screenshot({ path: `${ARTIFACTS}/viewer-mobile.png`, fullPage: true });
  });

  test("episode list filters, home thumbnails, and clear errors for bad requests", async ({ page, request }) => {
    const id = await finishedEpisode(request, { seed: 21, config: { maxSteps: 40, voteEvery: 0 } });
    await createEpisode(request, { demo: true, seed: 22, config: { maxSteps: 200 } });
    await page.goto("/episodes");
    await page.getByLabel("Status").selectOption("finished");
    await page.getByRole("button", { name: "Apply filters" }).click();
    await expect(page).toHaveURL(/status=finished/);
    await expect(page.getByRole("link", { name: `Episode ${id}` })).toBeVisible();

    await page.goto("/");
    await expect(page.getByRole("img", { name: /^Map at env step \d+/ }).first()).toBeVisible();

    expect((await request.get("/api/episodes/nope123/events")).status()).toBe(404);
    const bad = await request.get(`/api/episodes/${id}/events?afterSeq=-3`);
    expect(bad.status()).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/afterSeq/);
    expect((await request.get("/api/episodes/bad%20id/events")).status()).toBe(400);
    expect((await page.goto("/episodes/nope123"))?.status()).toBe(404);
  });
});
