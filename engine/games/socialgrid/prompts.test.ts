import { describe, expect, it } from "vitest";
import { fixture } from "./fixtures";
import { socialgrid } from "./index";
import { startMeeting } from "./outcome";
import {
  movementSystemPrompt,
  movementUserPrompt,
  renderPrompt,
  statementSystemPrompt,
  votingSystemPrompt,
  votingUserPrompt,
} from "./prompts";

const MAP = ["#########", "#.......#", "#.T.....#", "#.....B.#", "#########"];
const scene = (config = {}) =>
  fixture({
    map: MAP,
    players: [
      { at: [2, 1], facing: 101, tasks: [{ kind: "common", at: [2, 2] }] },
      { at: [4, 1], role: "impostor", killCooldown: 7, tasks: [{ kind: "common", at: [2, 2] }] },
      { at: [5, 2], role: "impostor" },
      { at: [7, 1], tasks: [{ kind: "common", at: [2, 2] }] },
    ],
    config,
  });

describe("prompts (App. B.1)", () => {
  it("crewmate movement system prompt carries the paper's template", () => {
    const text = movementSystemPrompt(socialgrid.playerView(scene(), 0));
    for (const line of [
      "You are a *Crewmate* in a 9x5 grid.",
      "Game Setup: 4 players, 2 Impostor(s).",
      "- SURVIVE and IDENTIFY Imposters.",
      "- Victory: Vote out ALL Imposters OR complete YOUR tasks.",
      "Global Actions: 0 MOVE_FORWARD, 1 MOVE_BACKWARD, 2 STRAFE_RIGHT,",
      "11 REPORT_DEADBODY, 12 CALL_DISCUSSION",
      'Legend: "#"=wall, "."=floor, "T"=task, "O/D"=door,',
      "Coordinate System: origin=top_left, x_right, y_down",
      '- BLOCKED tiles: {"#","T","D","C","B","P"}',
      "- Anti-oscillation: Avoid undoing last move.",
      'Output: {"thought":"<reasoning>","action":<int>}',
    ]) {
      expect(text).toContain(line);
    }
    expect(text).not.toContain("13 KILL");
  });

  it("impostor movement system prompt adds kill, stealth, teammates and cooldown", () => {
    const text = movementSystemPrompt(socialgrid.playerView(scene(), 1));
    for (const line of [
      "You are an *Imposter* in a 9x5 grid.",
      "- ELIMINATE Crewmates and BLEND IN to avoid detection.",
      "- Victory: Imposter_Count >= Crewmate_Count",
      'Additional: 13 KILL (front_tile="P", cooldown=0)',
      "- WITNESS RISK: player within Manhattan dist<=2 can see.",
      "- Kill SAFE only if zero witnesses; else reposition.",
      '- Blending: DO_TASK on "T" tiles to fake progress.',
      "Teammates: [Player_2] - avoid voting against them.",
      "Kill Cooldown: 7 steps remaining.",
    ]) {
      expect(text).toContain(line);
    }
  });

  it("movement user prompt lists every observation field", () => {
    const text = movementUserPrompt(socialgrid.playerView(scene(), 0));
    expect(text).toContain(
      "SELF INFORMATION:\n- NAME: Player_0\n- Position: R00(2,1)\n- Direction: 101 (100=R, 101=D, 102=L, 103=U)",
    );
    expect(text).toContain('- TASKS_TO_COMPLETE: [{"name":"common_task_1","pos":"R00(2,2)","progress":"0/3"}]');
    expect(text).toContain("- ALLOWED_ACTIONS: [2,3,4,5,6,7,8]");
    expect(text).toContain("- BEST_ACTION_SUGGESTION: [8] (from A* planner, towards common_task_1)");
    expect(text).toContain('- TASK_NAV_ASTAR_DIST: {"common_task_1":0}');
    expect(text).toContain("- NEAREST_PLAYER_DIST: 2");
    expect(text).toContain("SELF HISTORY (last 5 steps):");
    expect(text).toContain("STALL_ALERT: false");
    expect(text).toMatch(/OBSERVATION: \{"step":0,"view":\{"ascii_patch":\{"top_left":"\(-2,-3\)","rows":\[/);
    // Player_3 at (7,1) is 5 columns away: outside the 9×9 field of view.
    expect(text).toContain('"visible_players":{"R00(4,1)":"Player_1","R00(5,2)":"Player_2"}');
    expect(text).toContain(
      '"rows":["?????????","?????????","?????????","??#######","??#.v.P..","??#.T..P.","??#.....B","??#######","?????????"]',
    );
    expect(text).toContain(
      '- PATHS (dist, next action): {"Player_1":{"dist":2,"next":3},"Player_2":{"dist":3,"next":3},"button":{"dist":5,"next":3}}',
    );
    const low = movementUserPrompt(socialgrid.playerView(scene({ oracle: "low" }), 0));
    expect(low).not.toContain("BEST_ACTION_SUGGESTION");
    expect(low).not.toContain("TASK_NAV_ASTAR_DIST");
  });

  it("mid oracle asks for structured reasoning and shows the predicted outcome; macro mode asks for a list", () => {
    const mid = socialgrid.playerView(scene({ oracle: "mid" }), 0);
    expect(movementSystemPrompt(mid)).toContain('"check":');
    expect(movementUserPrompt(mid)).toContain("- PREDICTED_OUTCOME: DO_TASK: common_task_1 progress 0/3->1/3");
    const macro = socialgrid.playerView(scene({ macroMode: true }), 0);
    expect(movementSystemPrompt(macro)).toContain('Output: {"thought":"<reasoning>","actions":[<int>, ...]}');
    expect(movementUserPrompt(macro)).toContain("- SUGGESTED_PLAN: [8]");
  });

  it("voting prompts: role, allowed votes, trust scoring, output format and the private observations", () => {
    const state = startMeeting(scene(), "button", 3).state;
    const view = socialgrid.playerView(state, 0);
    const system = votingSystemPrompt(view);
    for (const line of [
      "You are a *Crewmate* named Player_0.",
      "Goal: Identify Imposters",
      "All Players: [Player_0, Player_1, Player_2, Player_3]",
      "Allowed Votes: [Player_1, Player_2, Player_3, skip]",
      "- 0.0-0.3: Near body, erratic, false accusations",
      "- 0.4-0.6: No info or mixed signals",
      "- 0.7-1.0: Verified tasks or cleared by logic",
      'Voting: Vote LOWEST trust; if uncertain, "skip".',
      '"trust_scores":{"Player_0":0.8,...}}',
    ]) {
      expect(system).toContain(line);
    }
    expect(votingSystemPrompt(socialgrid.playerView(state, 1))).toContain(
      "You are a *Imposter* named Player_1.\nGoal: Frame innocents",
    );
    const user = votingUserPrompt(view);
    expect(user).toContain("MEETING 1 at step 0: Player_3 pressed the emergency button.");
    expect(user).toContain("WHAT YOU OBSERVED OF EACH PLAYER:");
    expect(user).toContain("YOUR NOTES (oldest first):\nstep=0: meeting 1 (Player_3 called an emergency meeting)");
    expect(renderPrompt(view).kind).toBe("vote");
  });

  it("discussion has a statement prompt", () => {
    const state = startMeeting(scene({ discussionRounds: 1 }), "schedule").state;
    const view = socialgrid.playerView(state, 2);
    expect(statementSystemPrompt(view)).toContain('Output: {"statement":"<at most 3 sentences>"}');
    expect(renderPrompt(view)).toMatchObject({
      kind: "statement",
      user: expect.stringContaining("DISCUSSION TURN 1 of 1"),
    });
  });
});
