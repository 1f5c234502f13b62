import { describe, expect, it } from "vitest";
import type { EpisodeInfo } from "./episode-info";
import { episodeHref, playerViewInfo } from "./player-view";

const info: EpisodeInfo = {
  id: "ep1",
  game: "socialgrid",
  title: "SocialGrid",
  seed: 4,
  status: "finished",
  failureReason: null,
  demo: false,
  createdAt: "2025-01-01T00:00:00.000Z",
  config: {},
  pov: null,
  participants: ["crewmate", "impostor", "crewmate"].map((role, seat) => ({
    seat,
    player: `Player_${seat}`,
    agentName: "random",
    agentKind: "builtin",
    role,
  })),
};

describe("the player view's page", () => {
  it("keeps the seat's own role only", () => {
    const view = playerViewInfo(info, "2", true);
    expect(view).toEqual({
      info: {
        ...info,
        pov: 2,
        participants: info.participants.map((p) => ({ ...p, role: p.seat === 2 ? "crewmate" : null })),
      },
    });
  });

  it("says why a seat cannot be watched", () => {
    expect(playerViewInfo(info, "3", true)).toEqual({ error: "this episode has no seat 3: its seats are 0 to 2." });
    for (const pov of ["-1", "1.5", "x", "", ["0", "1"]])
      expect(playerViewInfo(info, pov, true)).toMatchObject({ error: expect.stringMatching(/is not a seat/) });
    expect(playerViewInfo(info, "0", false)).toEqual({ error: "SocialGrid episodes have no player views." });
  });

  it("links the views, at a step or not", () => {
    expect(episodeHref("ep1", {})).toBe("/episodes/ep1");
    expect(episodeHref("ep1", { pov: 0, step: 12 })).toBe("/episodes/ep1?pov=0&step=12");
    expect(episodeHref("ep1", { step: 0 })).toBe("/episodes/ep1?step=0");
  });
});
