/**
 * `detective` (a crewmate): moves like the scripted crewmate, and keeps a posterior over every other
 * player's role from the evidence it gathered (see suspicion.ts). It votes for the likeliest impostor once
 * that player's posterior passes VOTE_THRESHOLD (else skips), and trusts each player 1 − posterior.
 */
import { playerName } from "../events";
import type { Bot } from "../../../core/module";
import { crewMove } from "./crewmate";
import { Observations } from "./observations";
import { decisionRng } from "../../../core/bot-rng";
import { impostorPosterior } from "./suspicion";
import { seatsOf, viewOf, voteReply, playersOf, type BotRequest } from "./view";

const VOTE_THRESHOLD = 0.7;

export class Detective implements Bot {
  private obs: Observations | null = null;

  constructor(private readonly seed: number) {}

  observe(request: BotRequest): void {
    const view = viewOf(request);
    (this.obs ??= new Observations(view)).observe(view);
  }

  choose(request: BotRequest): unknown {
    const obs = this.obs!;
    switch (request.kind) {
      case "act":
        return crewMove(viewOf(request), obs, decisionRng(this.seed, request));
      case "vote": {
        const posterior = impostorPosterior(obs);
        const suspect = this.suspect(posterior, playersOf(request));
        const thought =
          suspect === null
            ? "no player is likelier an impostor than not"
            : `${playerName(suspect)} is an impostor with probability ${posterior[suspect].toFixed(2)}`;
        return voteReply(thought, suspect ?? "skip", (seat) => 1 - posterior[seat], playersOf(request));
      }
      case "statement": {
        const posterior = impostorPosterior(obs);
        const suspect = this.suspect(posterior, viewOf(request).meeting?.alivePlayers ?? []);
        return {
          thought: "",
          statement: suspect === null ? "I have no strong suspicion yet." : `I suspect ${playerName(suspect)}.`,
        };
      }
    }
  }

  /** The likeliest impostor among `names` if above the threshold, else null. */
  private suspect(posterior: readonly number[], names: readonly string[]): number | null {
    let best: number | null = null;
    for (const seat of seatsOf(names)) {
      if (seat === this.obs!.self) continue;
      if (posterior[seat] > VOTE_THRESHOLD && (best === null || posterior[seat] > posterior[best])) best = seat;
    }
    return best;
  }
}
