import { expect, test, type APIRequestContext, type Page } from "@playwright/test";

const ARTIFACTS = "test-results/artifacts";

async function createWerewolf(request: APIRequestContext, options: { seed: number; demo: boolean }): Promise<string> {
  const res = await request.post("/api/test/episodes", {
    data: { game: "werewolf", agents: ["scripted", "random"], ...options },
  });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

async function status(request: APIRequestContext, id: string): Promise<string> {
  const res = await request.get(`/api/episodes/${id}/events`);
  return ((await res.json()) as { status: string }).status;
}

const stepCounter = (page: Page) => page.getByText(/^Step \d+ \/ \d+$/);

async function currentStep(page: Page): Promise<number> {
  return Number(/^Step (\d+)/.exec((await stepCounter(page).textContent()) ?? "")?.[1] ?? -1);
}

const heatmap = (page: Page) => page.getByTestId("suspicion-heatmap");
const matrixOf = async (page: Page) => (await heatmap(page).getAttribute("data-matrix")) ?? "";

async function seek(page: Page, step: number) {
  await page.getByRole("slider", { name: "Step" }).fill(String(step));
  await expect(stepCounter(page)).toHaveText(new RegExp(`^Step ${step} / `));
}

test.describe("talk games in the viewer", () => {
  test("a live Werewolf game plays in the transcript view", async ({ page, request }) => {
    const id = await createWerewolf(request, { seed: 3, demo: true });
    await page.goto(`/episodes/${id}`);
    await expect(page.getByRole("button", { name: "Live", exact: true })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByTestId("seat")).toHaveCount(8);
    const before = await currentStep(page);
    await expect.poll(() => currentStep(page), { timeout: 15_000 }).toBeGreaterThan(before + 2);

    // The debate fills in as the game goes on: statements with their bids, then their deception labels.
    await expect(page.getByTestId("statement").first()).toBeVisible({ timeout: 20_000 });
    await expect(
      page
        .getByRole("list", { name: "Statements" })
        .getByText(/won the floor with bid/)
        .first(),
    ).toBeVisible();
    await expect(
      page
        .getByLabel("Deception labels")
        .getByText(/^self:/)
        .first(),
    ).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("phase-banner")).toContainText(/Day|Night/);
    await page.screenshot({ path: `${ARTIFACTS}/talk-live.png`, fullPage: true });

    await expect.poll(() => status(request, id), { timeout: 40_000 }).toBe("finished");
    await expect(page.getByTestId("phase-banner")).toHaveAttribute("data-phase", "over", { timeout: 10_000 });
    await expect(
      page
        .getByRole("region", { name: "Votes" })
        .getByText(/eliminated/)
        .first(),
    ).toBeVisible();
    await page.screenshot({ path: `${ARTIFACTS}/talk-finished.png`, fullPage: true });
  });

  test("the suspicion heatmap changes as you scrub, and a deep link shows the same step", async ({ page, request }) => {
    const id = await createWerewolf(request, { seed: 9, demo: false });
    await expect.poll(() => status(request, id), { timeout: 30_000 }).toBe("finished");
    await page.goto(`/episodes/${id}`);
    await expect(stepCounter(page)).toHaveText(/^Step 0 \//);
    const start = await matrixOf(page);
    expect(start.split(/[;,]/).every((v) => v === "0.500")).toBe(true);

    await page.keyboard.press("End");
    const end = await matrixOf(page);
    expect(end).not.toBe(start);

    // Somewhere in the middle the matrix differs from both ends, and the keyboard steps through it.
    const last = Number(/\/ (\d+)$/.exec((await stepCounter(page).textContent()) ?? "")?.[1]);
    const middle = Math.floor(last / 2);
    await seek(page, middle);
    const mid = await matrixOf(page);
    expect(mid).not.toBe(start);
    await page.keyboard.press("ArrowLeft");
    await expect(stepCounter(page)).toHaveText(new RegExp(`^Step ${middle - 1} / `));
    await page.screenshot({ path: `${ARTIFACTS}/talk-scrubbed.png`, fullPage: true });

    const direct = await page.context().newPage();
    await direct.goto(`/episodes/${id}?step=${middle}`);
    await expect(stepCounter(direct)).toHaveText(new RegExp(`^Step ${middle} / `));
    expect(await matrixOf(direct)).toBe(mid);
    await direct.close();
  });

  test("the Werewolf leaderboard ranks each role by OpenSkill, with the game's own figures", async ({
    page,
    request,
  }) => {
    const id = await createWerewolf(request, { seed: 11, demo: false });
    await expect.poll(() => status(request, id), { timeout: 30_000 }).toBe("finished");
    const rated = async () => {
      const res = await request.get("/api/leaderboard?game=werewolf");
      return ((await res.json()) as { rows: unknown[] }).rows.length;
    };
    await expect.poll(rated, { timeout: 20_000 }).toBeGreaterThan(0);

    await page.goto("/leaderboard?game=werewolf");
    const game = page.getByRole("combobox", { name: "Game" });
    await expect(game).toHaveValue("werewolf");
    await expect(game.locator("option:checked")).toHaveText("Werewolf (WOLF)");
    await expect(page.getByRole("heading", { name: "Werewolves", level: 2 })).toBeVisible();
    const table = page.getByRole("table", { name: "Werewolf leaderboard" });
    await expect(table.getByRole("columnheader", { name: "OpenSkill" })).toBeVisible();
    await expect(table.getByRole("columnheader", { name: "Agreement" })).toBeVisible();
    // No league sides in Werewolf, so no league Elo.
    await expect(table.getByRole("columnheader", { name: "Elo", exact: true })).toHaveCount(0);
    await expect(page.getByRole("figure", { name: "Werewolf OpenSkill μ ± 2σ" })).toBeVisible();
  });
});
