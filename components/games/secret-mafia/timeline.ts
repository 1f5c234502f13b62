/** Secret Mafia episodes for the transcript view: discussion rounds, public votes, eliminations. */
import type { GameEvent } from "@/engine/core/game";
import { type SecretMafiaBoard, secretMafiaBoard } from "@/engine/games/secret-mafia/board";
import type { SecretMafiaEvent } from "@/engine/games/secret-mafia/events";
import { playerName } from "@/engine/games/secret-mafia/messages";
import { shownRole, TalkTimelineBase } from "@/components/talk/timeline";

const CAUSES = {
  night_kill: "was killed in the night",
  vote: "was voted out",
  invalid_moves: "was eliminated for invalid moves",
} as const;

export class SecretMafiaTimeline extends TalkTimelineBase<SecretMafiaBoard> {
  readonly evilRole = "Mafia";
  private ballots: Record<string, number | null> = {};

  constructor() {
    super(secretMafiaBoard);
  }

  protected isAlive(board: SecretMafiaBoard, seat: number): boolean {
    return board.fates[seat] === "alive";
  }

  protected apply(event: GameEvent) {
    const e = event as SecretMafiaEvent;
    switch (e.type) {
      case "game_start":
        this.seats = this.board.start!.players.map((p) => ({
          seat: p.seat,
          name: playerName(p.seat),
          role: shownRole(p.role),
          evil: p.role === this.evilRole,
        }));
        return;
      case "phase_start":
        if (e.phase === "day_voting") {
          this.ballots = {};
          this.mark("meeting", `Day ${e.day} vote`);
          return this.banner(`Day ${e.day} · vote`);
        }
        return this.banner(e.phase === "day_discussion" ? `Day ${e.day} · discussion` : `Night ${e.day}`);
      case "discussion":
        this.addLine({ round: e.day, turn: e.round, seat: e.seat, text: e.fallback ? "(silent)" : e.text });
        return this.banner(`Day ${e.day} · discussion round ${e.round}`);
      case "vote":
        this.ballots = { ...this.ballots, [e.seat]: e.target };
        return;
      case "vote_result":
        return this.addVote({ round: e.day, ballots: this.ballots, tally: e.tally, eliminated: e.target });
      case "elimination": {
        const note = `${this.nameOf(e.seat)} ${CAUSES[e.cause]}`;
        this.mark(e.cause === "vote" ? "ejection" : "kill", note);
        return this.update({ note });
      }
      case "game_end":
        this.mark("end", `${e.winner} wins`);
        return this.banner(`${e.winner} wins`);
    }
  }
}
