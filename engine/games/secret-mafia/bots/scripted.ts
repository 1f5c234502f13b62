/**
 * Scripted Secret Mafia baselines, one policy per role, decided from the player view alone (its history is
 * everything the player observed), so a replayed request gets the same answer:
 * - Detective: investigates unknown players and reveals a found Mafia member in discussion.
 * - Doctor: protects a publicly claimed Detective.
 * - Mafia: all vote one victim at night and one scapegoat by day (the Detective claimant, else whoever
 *   accuses them most), never each other.
 * - Villagers: believe a Detective claim, else vote the most-accused player.
 */
import { decisionRng } from "../../../core/bot-rng";
import type { SecretMafiaPlayerView } from "../view";
import {
  type BotRequest,
  detectiveClaim,
  DETECTIVE_CLAIM,
  findings,
  mafiaViewOf,
  mostAccused,
  named,
  publicTalk,
} from "./table";

const isMafia = (view: SecretMafiaPlayerView) => view.role === "Mafia";
const living = (view: SecretMafiaPlayerView) => view.players.filter((p) => p.alive).map((p) => p.seat);
const target = (seat: number) => `[${seat}]`;

/** The village player the Mafia agree on, computed alike by every member from what they all saw. */
function scapegoat(view: SecretMafiaPlayerView, options: readonly number[]): number | null {
  const team = [view.seat, ...view.teammates];
  const candidates = options.filter((seat) => !team.includes(seat));
  const claim = detectiveClaim(view);
  if (claim && candidates.includes(claim.detective)) return claim.detective;
  const accusers = new Map<number, number>();
  for (const { seat, text } of publicTalk(view)) {
    if (team.includes(seat)) continue;
    const hits = named(text).filter((s) => team.includes(s)).length;
    if (hits > 0) accusers.set(seat, (accusers.get(seat) ?? 0) + hits);
  }
  const ranked = candidates
    .filter((seat) => accusers.has(seat))
    .sort((a, b) => accusers.get(b)! - accusers.get(a)! || a - b);
  return ranked[0] ?? candidates[0] ?? null;
}

const foundMafia = (view: SecretMafiaPlayerView): number | null =>
  [...findings(view)].find(([seat, mafia]) => mafia && view.players[seat]?.alive)?.[0] ?? null;

function suspect(view: SecretMafiaPlayerView, options: readonly number[]): number | null {
  if (isMafia(view)) return scapegoat(view, options);
  const found = foundMafia(view);
  if (found !== null && options.includes(found)) return found;
  const claim = detectiveClaim(view);
  if (claim?.mafia != null && claim.mafia !== view.seat && options.includes(claim.mafia)) return claim.mafia;
  const cleared = [...findings(view)].filter(([, mafia]) => !mafia).map(([seat]) => seat);
  const pool = options.filter((seat) => seat !== view.seat && !cleared.includes(seat) && seat !== claim?.detective);
  return mostAccused(view, pool)?.seat ?? null;
}

function discussion(view: SecretMafiaPlayerView): string {
  const found = foundMafia(view);
  if (view.role === "Detective" && found !== null)
    return `${DETECTIVE_CLAIM}. Player ${found} IS a Mafia member. Vote Player ${found}.`;
  const others = living(view).filter((seat) => seat !== view.seat);
  if (isMafia(view)) {
    const goat = scapegoat(view, others);
    if (goat !== null) return `I suspect Player ${goat}; their answers keep shifting. Vote Player ${goat}.`;
  }
  const claim = detectiveClaim(view);
  if (claim?.mafia != null && claim.mafia !== view.seat) return `I believe the Detective. Vote Player ${claim.mafia}.`;
  const accused = mostAccused(view, others);
  return accused && accused.count > 0
    ? `I agree, Player ${accused.seat} looks suspicious.`
    : "I have no information yet. Who acted strangely?";
}

export function scriptedMafiaDecision(seed: number, request: BotRequest): unknown {
  const view = mafiaViewOf(request);
  const rng = decisionRng(seed, request);
  const options = view.pending?.validTargets ?? [];
  const orRandom = (seat: number | null) =>
    target(
      seat ??
        rng.pick(options.filter((s) => s !== view.seat).length > 0 ? options.filter((s) => s !== view.seat) : options),
    );
  switch (request.kind) {
    case "night_kill": {
      const claim = detectiveClaim(view);
      const victim = claim && options.includes(claim.detective) ? claim.detective : scapegoat(view, options);
      return { thought: "remove the biggest threat", action: orRandom(victim) };
    }
    case "protect": {
      const claim = detectiveClaim(view);
      return {
        thought: "guard the Detective",
        action: orRandom(claim && options.includes(claim.detective) ? claim.detective : null),
      };
    }
    case "investigate": {
      const known = findings(view);
      const unknown = options.filter((seat) => !known.has(seat));
      return { thought: "check someone new", action: target(rng.pick(unknown.length > 0 ? unknown : options)) };
    }
    case "discuss":
      return { thought: isMafia(view) ? "deflect onto a villager" : "share what I know", action: discussion(view) };
    case "vote":
      return { thought: "vote the likeliest Mafia", action: orRandom(suspect(view, options)) };
    default:
      throw new Error(`unknown Secret Mafia decision "${request.kind}"`);
  }
}
