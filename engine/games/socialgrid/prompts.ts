import type { PlayerView } from "./view";

/**
 * The paper's App. B.1 prompt templates, filled from a player view. The condensed template lines are kept
 * verbatim (including the paper's spelling "Imposter"); a "Details" block adds what the released prompts
 * spell out (exact action semantics, the legend of the patch, meetings, macro and oracle output formats).
 */
export interface RenderedPrompt {
  kind: "act" | "vote" | "statement";
  system: string;
  user: string;
}

/** The prompt pair for whatever this player must decide now (by phase). */
export function renderPrompt(view: PlayerView): RenderedPrompt {
  if (view.phase === "vote") return { kind: "vote", system: votingSystemPrompt(view), user: votingUserPrompt(view) };
  if (view.phase === "discussion") {
    return { kind: "statement", system: statementSystemPrompt(view), user: statementUserPrompt(view) };
  }
  return { kind: "act", system: movementSystemPrompt(view), user: movementUserPrompt(view) };
}

const json = (value: unknown) => JSON.stringify(value);
const list = (names: readonly string[]) => `[${names.join(", ")}]`;

function outputFormat(view: PlayerView): string {
  const { macroMode, maxMacroActions, oracle } = view.game;
  const action = macroMode ? `"actions":[<int>, ...]` : `"action":<int>`;
  if (oracle === "mid") {
    return `Output: {"observation":"<what you see>","plan":"<target and route>","check":"<is the PREDICTED_OUTCOME of BEST_ACTION_SUGGESTION what you want? why>","thought":"<decision>",${action}}`;
  }
  const base = `Output: {"thought":"<reasoning>",${action}}`;
  return macroMode ? `${base}\n(1 to ${maxMacroActions} actions, executed one per step)` : base;
}

function sharedMechanics(): string {
  return [
    `Legend: "#"=wall, "."=floor, "T"=task, "O/D"=door,`,
    `"C"=corpse, "B"=button, "P"=player`,
    `Coordinate System: origin=top_left, x_right, y_down`,
    `Position format: "Rxy(col,row)", e.g., "R00(5,3)"`,
    `Mechanics:`,
    `- Pick exactly ONE action from ALLOWED_ACTIONS.`,
    `- BLOCKED tiles: {"#","T","D","C","B","P"}`,
    `- Safety: Treat nearby players as potential threats.`,
    `- Anti-oscillation: Avoid undoing last move.`,
  ].join("\n");
}

function details(view: PlayerView): string {
  const g = view.game;
  const lines = [
    `Details:`,
    `- Actions: 4 TURN_LEFT, 5 TURN_RIGHT, 6 TURN_BACK, 9 OPEN_DOOR, 10 CLOSE_DOOR.`,
    `- Moves do not turn you: MOVE_FORWARD/MOVE_BACKWARD go along your facing, STRAFE_RIGHT/STRAFE_LEFT step sideways; turns only change facing. Facing: 100=RIGHT (x+1), 101=DOWN (y+1), 102=LEFT (x-1), 103=UP (y-1).`,
    `- Interactions act on the tile in FRONT of you: DO_TASK on your own "T" station, OPEN_DOOR on a closed door "D" (an open door "O" is walkable), CLOSE_DOOR on an empty "O", REPORT_DEADBODY on "C", CALL_DISCUSSION on "B" (${g.meetingsLeft} emergency meeting(s) left).`,
    `- A task needs repeated DO_TASK toggles (common 3, short 8, long 13 by default); progress is shown as done/required.`,
    `- "Rrc(x,y)": room row r and room column c, then global x,y. The map is ${g.width}x${g.height}.`,
    g.observation === "global"
      ? `- ascii_patch shows the whole map; you are ">", "v", "<" or "^" (your facing).`
      : `- ascii_patch is the ${2 * g.fovRadius + 1}x${2 * g.fovRadius + 1} area around you; you are ">", "v", "<" or "^" (your facing) in its centre; "?" = not visible (behind walls or closed doors, or off the map).`,
    `- A failed action (blocked move, nothing to interact with) still uses the step and is marked "(failed)" in your history.`,
    `- Anti-stall: do not NOOP when progress is possible. STALL_ALERT=true means you have not moved or achieved anything in your last 5 steps: do something different.`,
    `- Meetings: ${g.voteEvery > 0 ? `every ${g.voteEvery} steps, and ` : ""}after a body report or an emergency button press, all living players vote; the most-voted player is ejected. The game lasts at most ${g.maxSteps} steps.`,
  ];
  if (g.macroMode) {
    lines.push(
      `- You may send up to ${g.maxMacroActions} actions; the first must be in ALLOWED_ACTIONS, the rest run on the following steps unless a meeting or your death interrupts them (a blocked one fails and uses its step).`,
    );
  }
  if (g.oracle === "high") {
    lines.push(
      `- BEST_ACTION_SUGGESTION comes from an exact A* planner towards your goal; TASK_NAV_ASTAR_DIST counts the actions until you face each task.`,
    );
  }
  if (g.oracle === "mid") {
    lines.push(
      `- BEST_ACTION_SUGGESTION comes from an exact A* planner; PREDICTED_OUTCOME says what it will do. Verify it against your observation and reason in the structured fields before choosing.`,
    );
  }
  return lines.join("\n");
}

const GLOBAL_ACTIONS = [
  `Global Actions: 0 MOVE_FORWARD, 1 MOVE_BACKWARD, 2 STRAFE_RIGHT,`,
  `3 STRAFE_LEFT, 4-6 TURN_*, 7 NOOP, 8 DO_TASK, 9-10 DOOR,`,
  `11 REPORT_DEADBODY, 12 CALL_DISCUSSION`,
].join("\n");

/** App. B.1 "Movement System Prompt" (Crewmate or Impostor by the view's role). */
export function movementSystemPrompt(view: PlayerView): string {
  const g = view.game;
  if (view.role === "crewmate") {
    return [
      `You are a *Crewmate* in a ${g.width}x${g.height} grid.`,
      `Game Setup: ${g.players} players, ${g.impostors} Impostor(s).`,
      `Primary Goals:`,
      `- SURVIVE and IDENTIFY Imposters.`,
      `- Victory: Vote out ALL Imposters OR complete YOUR tasks.`,
      GLOBAL_ACTIONS,
      sharedMechanics(),
      outputFormat(view),
      details(view),
    ].join("\n");
  }
  const imp = view.impostor!;
  return [
    `You are an *Imposter* in a ${g.width}x${g.height} grid.`,
    `Game Setup: ${g.players} players, ${g.impostors} Impostor(s).`,
    `Primary Goals:`,
    `- ELIMINATE Crewmates and BLEND IN to avoid detection.`,
    `- Victory: Imposter_Count >= Crewmate_Count`,
    `  (also: all Crewmates dead, or the Crewmates fail to finish their tasks within ${g.maxSteps} steps)`,
    GLOBAL_ACTIONS,
    `Additional: 13 KILL (front_tile="P", cooldown=0)`,
    sharedMechanics(),
    `Stealth Mechanics:`,
    `- WITNESS RISK: player within Manhattan dist<=2 can see.`,
    `- Kill SAFE only if zero witnesses; else reposition.`,
    `- Blending: DO_TASK on "T" tiles to fake progress.`,
    `  (your fake task stations are listed in TASKS_TO_COMPLETE; fake toggles never progress)`,
    `Teammates: [${imp.teammates.join(", ")}] - avoid voting against them.`,
    `Kill Cooldown: ${imp.killCooldown} steps remaining.`,
    `(after a kill the cooldown is ${g.killCooldown} steps; it also restarts after every meeting)`,
    outputFormat(view),
    details(view),
  ].join("\n");
}

/** App. B.1 "User Prompt (Movement)": the current state of the player. */
export function movementUserPrompt(view: PlayerView): string {
  const tasks = view.tasks
    .filter((t) => !t.done)
    .map((t) => ({
      name: t.name,
      pos: t.pos,
      progress: `${t.progress}/${t.required}`,
      ...(t.fake ? { fake: true } : {}),
    }));
  const done = view.tasks.filter((t) => t.done).map((t) => t.name);
  const lines = [
    `SELF INFORMATION:`,
    `- NAME: ${view.name}`,
    `- Position: ${view.position}`,
    `- Direction: ${view.facing} (100=R, 101=D, 102=L, 103=U)`,
    `- TASKS_TO_COMPLETE: ${json(tasks)}`,
  ];
  if (done.length > 0) lines.push(`- TASKS_DONE: ${json(done)}`);
  lines.push(`- ALLOWED_ACTIONS: ${json(view.allowedActions)}`);
  const o = view.oracle;
  if (o) {
    lines.push(
      `- BEST_ACTION_SUGGESTION: ${json(o.bestAction === null ? [] : [o.bestAction])} (from A* planner${o.bestTarget ? `, towards ${o.bestTarget}` : ""})`,
    );
    if (view.game.macroMode) lines.push(`- SUGGESTED_PLAN: ${json(o.plan)}`);
    lines.push(`- TASK_NAV_ASTAR_DIST: ${json(o.taskDist)}`);
    lines.push(`- PATHS (dist, next action): ${json({ ...o.players, button: o.button, ...o.corpses })}`);
    if (o.predicted) lines.push(`- PREDICTED_OUTCOME: ${o.predicted.outcome}`);
  }
  lines.push(`- NEAREST_PLAYER_DIST: ${view.nearestPlayerDist ?? "none"}`);
  if (view.impostor) {
    lines.push(`- KILL_COOLDOWN: ${view.impostor.killCooldown}`);
    lines.push(`- TEAMMATES: ${list(view.impostor.teammates)}`);
  }
  lines.push(`SELF HISTORY (last 5 steps):`);
  lines.push(...(view.history.length > 0 ? view.history : ["(none yet)"]));
  lines.push(`STALL_ALERT: ${view.stallAlert}`);
  const observation = {
    step: view.t,
    view: {
      ascii_patch: {
        top_left: `(${view.asciiPatch.topLeft.x},${view.asciiPatch.topLeft.y})`,
        rows: view.asciiPatch.rows,
      },
      front_tile: view.frontTile,
      visible_players: view.visiblePlayers,
      visible_corpses: view.visibleCorpses,
      blocked: view.blocked,
    },
  };
  lines.push(`OBSERVATION: ${json(observation)}`);
  return lines.join("\n");
}

const roleTitle = (view: PlayerView) => (view.role === "crewmate" ? "Crewmate" : "Imposter");

/** App. B.1 "Voting System Prompt". */
export function votingSystemPrompt(view: PlayerView): string {
  const m = view.meeting;
  const lines = [
    `You are a *${roleTitle(view)}* named ${view.name}.`,
    view.role === "crewmate" ? `Goal: Identify Imposters` : `Goal: Frame innocents`,
    `All Players: ${list(m?.allPlayers ?? [])}`,
    `Allowed Votes: ${list(m?.allowedVotes ?? ["skip"])}`,
    `Trust Scoring:`,
    `- 0.0-0.3: Near body, erratic, false accusations`,
    `- 0.4-0.6: No info or mixed signals`,
    `- 0.7-1.0: Verified tasks or cleared by logic`,
    `Voting: Vote LOWEST trust; if uncertain, "skip".`,
    `Output: {"thought":"...", "vote":"Player_X",`,
    `"trust_scores":{"Player_0":0.8,...}}`,
    `Details:`,
    `- trust_scores: one number in [0,1] for EVERY other living player: your belief that they are a Crewmate (0.0 = surely an Imposter, 1.0 = surely a Crewmate, 0.5 = no idea).`,
    `- The most-voted player is ejected; a tie for the most votes, or at least as many "skip" votes, ejects nobody.`,
    `- Votes are shown to everyone after the tally. ${view.game.impostors} Impostor(s) started the game.`,
  ];
  if (view.impostor) lines.push(`- Teammates: ${list(view.impostor.teammates)} - avoid voting against them; blend in.`);
  return lines.join("\n");
}

function meetingContext(view: PlayerView): string[] {
  const m = view.meeting;
  if (!m) return [];
  const why =
    m.reason === "report"
      ? `${m.caller} reported the body of ${m.body}`
      : m.reason === "button"
        ? `${m.caller} pressed the emergency button`
        : `scheduled meeting`;
  const lines = [`MEETING ${m.round} at step ${view.t}: ${why}.`, `ALIVE PLAYERS: ${list(m.alivePlayers)}`];
  const memory = view.memory ?? { players: [], notes: [] };
  const gone = memory.players.filter((p) => p.status !== "alive").map((p) => `${p.name} (${p.status})`);
  if (gone.length > 0) lines.push(`DEAD OR EJECTED: ${gone.join(", ")}`);
  const tasks = view.tasks.map((t) => `${t.name} ${t.progress}/${t.required}${t.fake ? " (fake)" : ""}`);
  lines.push(`YOUR POSITION: ${view.position}; YOUR TASKS: ${tasks.join(", ")}`);
  lines.push(`WHAT YOU OBSERVED OF EACH PLAYER:`);
  for (const p of memory.players) {
    if (p.name === view.name) continue;
    const seen = p.lastSeen ? `last seen step ${p.lastSeen.step} at ${p.lastSeen.pos}` : "never seen";
    lines.push(
      `- ${p.name} (${p.status}): ${seen}; in view on ${p.stepsSeen} steps; seen doing tasks ${p.taskTogglesSeen} times`,
    );
  }
  lines.push(`YOUR NOTES (oldest first):`);
  lines.push(...(memory.notes.length > 0 ? memory.notes : ["(nothing notable)"]));
  if (m.statements.length > 0) {
    lines.push(`DISCUSSION:`);
    for (const s of m.statements) lines.push(`- ${s.name} (turn ${s.turn}): ${json(s.text)}`);
  }
  return lines;
}

export function votingUserPrompt(view: PlayerView): string {
  return [...meetingContext(view), `Cast your vote now.`].join("\n");
}

/** Discussion (project extension, config `discussionRounds`): one public statement before the vote. */
export function statementSystemPrompt(view: PlayerView): string {
  const m = view.meeting;
  return [
    `You are a *${roleTitle(view)}* named ${view.name}.`,
    view.role === "crewmate"
      ? `Goal: Identify Imposters. Share what you saw so that the Crewmates vote out an Imposter.`
      : `Goal: Frame innocents. Deflect suspicion from yourself and your teammates ${list(view.impostor?.teammates ?? [])}; never reveal your role.`,
    `All Players: ${list(m?.allPlayers ?? [])}`,
    `Before the vote every living player makes one short public statement per discussion turn (${view.game.discussionRounds} turn(s)); everybody reads all statements.`,
    `Output: {"statement":"<at most 3 sentences>"}`,
  ].join("\n");
}

export function statementUserPrompt(view: PlayerView): string {
  const turn = view.meeting?.turn ?? 1;
  return [
    ...meetingContext(view),
    `DISCUSSION TURN ${turn} of ${view.game.discussionRounds}: make your statement now.`,
  ].join("\n");
}
