/** Secret Mafia episodes for the transcript view: discussion rounds, public votes, eliminations. */
import type { GameEvent } from "@/engine/core/game";
import { playerName, type SecretMafiaEvent } from "@/engine/games/secret-mafia";
import { shownRole, TalkTimelineBase } from "./talk-timeline";

const CAUSES = {
  night_kill: "was killed in the night",
  vote: "was voted out",
  invalid_moves: "was eliminated for invalid moves",
} as const;

export class SecretMafiaTimeline extends TalkTimelineBase {
  private ballots: Record<string, number | null> = {};

  protected apply(event: GameEvent) {
    const e = event as SecretMafiaEvent;
    switch (e.type) {
      case "game_start":
        this.seats = e.players.map((p) => ({
          seat: p.seat,
          name: playerName(p.seat),
          role: shownRole(p.role),
          evil: p.role === "Mafia",
        }));
        return this.update({ alive: e.players.map(() => true) });
      case "phase_start":
        if (e.phase === "day_voting") {
          this.ballots = {};
          this.mark("meeting", `Day ${e.day} vote`);
          return this.setPhase("vote", `Day ${e.day} · vote`);
        }
        return e.phase === "day_discussion"
          ? this.setPhase("day", `Day ${e.day} · discussion`)
          : this.setPhase("night", `Night ${e.day}`);
      case "discussion":
        this.addLine({ round: e.day, turn: e.round, seat: e.seat, text: e.fallback ? "(silent)" : e.text });
        return this.setPhase("day", `Day ${e.day} · discussion round ${e.round}`);
      case "vote":
        this.ballots = { ...this.ballots, [e.seat]: e.target };
        return;
      case "vote_result":
        return this.addVote({ round: e.day, ballots: this.ballots, tally: e.tally, eliminated: e.target });
      case "elimination": {
        this.kill(e.seat);
        const note = `${this.nameOf(e.seat)} ${CAUSES[e.cause]}`;
        this.mark(e.cause === "vote" ? "ejection" : "kill", note);
        return this.update({ note });
      }
      case "game_end":
        this.mark("end", `${e.winner} wins`);
        return this.setPhase("over", `${e.winner} wins`);
    }
  }
}
