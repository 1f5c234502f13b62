/**
 * Scripted Werewolf baselines, one policy per role, decided from the player view alone (it holds the whole
 * public record and the player's private knowledge), so a replayed request gets the same answer:
 * - Seer: unmasks the most suspicious unknown player and, once it finds a wolf, bids high and reveals it.
 * - Doctor: protects a publicly claimed Seer, else itself.
 * - Werewolves: agree on one scapegoat (the Seer claimant, else whoever accuses the pack most), accuse
 *   and vote it, never each other, and kill the claimed Seer first.
 * - Villagers: believe a Seer claim, else vote the most-accused player.
 */
import { decisionRng } from "../../../core/bot-rng";
import type { Rng } from "../../../core/rng";
import type { WerewolfPlayerView } from "../view";
import {
  type BotRequest,
  accusationsToday,
  knownGood,
  knownWolves,
  mentioned,
  mostAccused,
  nameOf,
  optionSeats,
  SEER_CLAIM,
  seerClaim,
  werewolfViewOf,
} from "./table";

const isWolf = (view: WerewolfPlayerView) => view.role === "Werewolf";
const pack = (view: WerewolfPlayerView) => (isWolf(view) ? [view.seat, ...knownWolves(view)] : []);
const living = (view: WerewolfPlayerView) => view.players.filter((p) => p.alive).map((p) => p.seat);

/** The villager the whole pack blames: every wolf computes the same one from the public record. */
function scapegoat(view: WerewolfPlayerView): number | null {
  const wolves = pack(view);
  const others = living(view).filter((seat) => !wolves.includes(seat));
  const claim = seerClaim(view);
  if (claim && others.includes(claim.seer)) return claim.seer;
  const accusers = new Map<number, number>();
  for (const e of view.record) {
    if (e.type !== "statement" || wolves.includes(e.speaker)) continue;
    const hits = mentioned(view, e.text).filter((seat) => wolves.includes(seat)).length;
    if (hits > 0) accusers.set(e.speaker, (accusers.get(e.speaker) ?? 0) + hits);
  }
  const byAccusations = others
    .filter((seat) => accusers.has(seat))
    .sort((a, b) => accusers.get(b)! - accusers.get(a)! || a - b);
  return byAccusations[0] ?? others[0] ?? null;
}

/** The living wolf this Seer found and has not announced yet (or announced: it stays the target). */
const foundWolf = (view: WerewolfPlayerView): number | null =>
  view.investigations.find((i) => i.role === "Werewolf" && view.players[i.target].alive)?.target ?? null;

function suspectOf(view: WerewolfPlayerView, options: readonly number[]): number | null {
  const wolves = isWolf(view) ? pack(view) : [];
  if (isWolf(view)) {
    const goat = scapegoat(view);
    return goat !== null && options.includes(goat) ? goat : (options.find((seat) => !wolves.includes(seat)) ?? null);
  }
  const found = foundWolf(view);
  if (found !== null && options.includes(found)) return found;
  const claim = seerClaim(view);
  if (claim && claim.wolf !== null && claim.wolf !== view.seat && options.includes(claim.wolf)) return claim.wolf;
  const good = knownGood(view);
  const candidates = options.filter((seat) => !good.includes(seat) && seat !== claim?.seer);
  return mostAccused(view, candidates.length > 0 ? candidates : options);
}

const name = (view: WerewolfPlayerView, seat: number | null, rng: Rng, options: readonly number[]) =>
  nameOf(view, seat ?? rng.pick(options));

function statement(view: WerewolfPlayerView): string {
  const found = foundWolf(view);
  if (view.role === "Seer" && found !== null)
    return `${SEER_CLAIM}: ${nameOf(view, found)} is a werewolf. Vote ${nameOf(view, found)} today.`;
  if (isWolf(view)) {
    const goat = scapegoat(view);
    if (goat !== null)
      return `I suspect ${nameOf(view, goat)}; their story does not add up. Vote ${nameOf(view, goat)}.`;
  }
  const claim = seerClaim(view);
  if (claim?.wolf != null && claim.wolf !== view.seat) return `I believe the Seer. Vote ${nameOf(view, claim.wolf)}.`;
  const suspect = mostAccused(
    view,
    living(view).filter((seat) => seat !== view.seat && !knownGood(view).includes(seat)),
  );
  return suspect !== null && (accusationsToday(view).get(suspect) ?? 0) > 0
    ? `I agree, ${nameOf(view, suspect)} looks suspicious to me.`
    : "No hard evidence yet. I will watch who pushes the votes.";
}

function bid(view: WerewolfPlayerView, rng: Rng): number {
  const max = view.facts.maxBid;
  const found = foundWolf(view);
  const announced = view.record.some(
    (e) => e.type === "statement" && e.speaker === view.seat && e.text.includes(SEER_CLAIM),
  );
  if (view.role === "Seer" && found !== null && !announced) return max;
  const last = [...view.record].reverse().find((e) => e.type === "statement");
  if (last?.type === "statement" && mentioned(view, last.text).includes(view.seat)) return max - 1;
  if (isWolf(view)) return Math.ceil(max / 2);
  return rng.int(0, Math.floor(max / 3));
}

/** How deceptive the speaker seems: truth where known, the Seer's word, else the running score. */
function suspicionOf(view: WerewolfPlayerView, speaker: number, text: string): number {
  const role = view.players[speaker].knownRole;
  if (role !== null) return role === "Werewolf" ? 0.95 : 0.05;
  const claim = seerClaim(view);
  if (claim) {
    if (claim.wolf === speaker) return 0.85;
    if (claim.seer === speaker) return 0.2;
    if (mentioned(view, text).includes(claim.seer)) return 0.8;
  }
  return view.suspicion[speaker] ?? 0.5;
}

const round2 = (x: number) => Math.round(x * 100) / 100;

export function scriptedWerewolfDecision(seed: number, request: BotRequest): unknown {
  const view = werewolfViewOf(request);
  const rng = decisionRng(seed, request);
  const options = optionSeats(view);
  switch (request.kind) {
    case "night_kill": {
      const claim = seerClaim(view);
      const target = claim && options.includes(claim.seer) ? claim.seer : suspectOf(view, options);
      return {
        thought: "remove the biggest threat",
        target: name(view, target, rng, options),
        message: "Same target as agreed.",
      };
    }
    case "protect": {
      const claim = seerClaim(view);
      const target = claim && options.includes(claim.seer) ? claim.seer : view.seat;
      return { thought: "guard the most valuable player", target: nameOf(view, target) };
    }
    case "unmask": {
      const unknown = options.filter((seat) => view.players[seat].knownRole === null);
      const pool = unknown.length > 0 ? unknown : options;
      const top = Math.max(...pool.map((seat) => view.suspicion[seat] ?? 0));
      return {
        thought: "check the most suspicious",
        target: nameOf(view, rng.pick(pool.filter((seat) => (view.suspicion[seat] ?? 0) === top))),
      };
    }
    case "bid":
      return { thought: "how much do I need the floor", bid: bid(view, rng) };
    case "statement":
      return { thought: isWolf(view) ? "deflect onto a villager" : "share what I know", statement: statement(view) };
    case "self_analysis":
      return isWolf(view)
        ? {
            thought: "I lied",
            is_deceptive: 1,
            confidence: 0.9,
            deception_type: "misdirection",
            reasoning: "I blamed a villager to protect the pack.",
          }
        : {
            thought: "I was honest",
            is_deceptive: 0,
            confidence: 0.9,
            deception_type: "none",
            reasoning: "I said what I believe.",
          };
    case "peer_analysis": {
      const s = view.pending?.statement;
      const level = s ? suspicionOf(view, s.speaker, s.text) : 0.5;
      const deceptive = level > 0.6;
      return {
        thought: "weigh the speaker",
        is_deceptive: deceptive ? 1 : 0,
        confidence: round2(Math.max(0.1, Math.abs(level - 0.5) * 2)),
        deception_type: deceptive ? "fabrication" : "none",
        reasoning: deceptive ? "This contradicts what I know." : "Nothing contradicts it.",
        suspicion_level: round2(level),
      };
    }
    case "vote": {
      const target = suspectOf(view, options);
      return {
        thought: "vote the likeliest wolf",
        vote: name(view, target, rng, options),
        reasoning: "Most suspicious to me.",
      };
    }
    default:
      throw new Error(`unknown Werewolf decision "${request.kind}"`);
  }
}
