/** Werewolf (WOLF) episodes for the transcript view: debate with bids and deception labels, votes, suspicion. */
import type { GameEvent } from "@/engine/core/game";
import { type WerewolfBoard, werewolfBoard } from "@/engine/games/werewolf/board";
import type { PeerAnalysis, SelfAnalysis, WerewolfEvent } from "@/engine/games/werewolf/events";
import { shownRole, TalkTimelineBase } from "@/components/talk/timeline";
import type { DeceptionLabel } from "@/components/talk/types";

const label = (a: SelfAnalysis | PeerAnalysis): DeceptionLabel => ({
  isDeceptive: a.is_deceptive === 1,
  type: a.deception_type,
  confidence: a.confidence,
  ...("suspicion_level" in a && { suspicion: a.suspicion_level }),
  fallback: a.fallback === true,
});

const WINNERS = { werewolves: "Werewolves win", villagers: "Villagers win" } as const;

export class WerewolfTimeline extends TalkTimelineBase<WerewolfBoard> {
  readonly evilRole = "Werewolf";
  private bids: Record<string, number> | undefined;

  constructor() {
    super(werewolfBoard);
  }

  protected isAlive(board: WerewolfBoard, seat: number): boolean {
    return board.fates[seat] === "alive";
  }

  protected apply(event: GameEvent) {
    const e = event as WerewolfEvent;
    const statementsPerDay = this.board.start?.config.statementsPerDay ?? 0;
    switch (e.type) {
      case "game_start":
        this.seats = this.board.start!.players.map((p) => ({
          seat: p.seat,
          name: p.name,
          role: shownRole(p.role),
          evil: p.role === this.evilRole,
        }));
        return;
      case "night_start":
        return this.banner(`Night ${e.round}`);
      case "night_end": {
        const note =
          e.killed === null ? `Night ${e.round}: nobody died` : `Night ${e.round}: ${this.nameOf(e.killed)} was killed`;
        this.update({ note });
        if (e.killed !== null) this.mark("kill", note);
        return;
      }
      case "day_start":
        return this.banner(`Day ${e.round}`);
      case "bids":
        this.bids = e.bids;
        return;
      case "statement":
        this.addLine({
          round: e.round,
          turn: e.turn,
          seat: e.seat,
          text: e.text,
          truncated: e.truncated,
          bids: this.bids,
        });
        this.bids = undefined;
        return this.banner(`Day ${e.round} · statement ${e.turn}${statementsPerDay ? ` of ${statementsPerDay}` : ""}`);
      case "analyses": {
        const line = this.transcript.findLast((l) => l.round === e.round && l.turn === e.turn);
        if (line) {
          line.analysisFrame = this.currentIndex;
          // A player's view holds the self-analysis of its own statements only.
          if (e.self) line.self = label(e.self);
          line.peers = Object.fromEntries(Object.entries(e.peers).map(([observer, a]) => [observer, label(a)]));
        }
        return;
      }
      case "vote_start":
        this.mark("meeting", `Day ${e.round} vote`);
        return this.banner(`Day ${e.round} · vote`);
      case "vote_result":
        this.addVote({ round: e.round, ballots: e.ballots, tally: e.tally, needed: e.needed, eliminated: e.exiled });
        if (e.exiled !== null) this.mark("ejection", `${this.nameOf(e.exiled)} exiled`);
        return this.update({
          note:
            e.exiled === null
              ? `Day ${e.round}: no majority, nobody exiled`
              : `Day ${e.round}: ${this.nameOf(e.exiled)} was exiled`,
        });
      case "game_end":
        this.mark("end", WINNERS[e.winner]);
        return this.banner(`${WINNERS[e.winner]} · ${e.reason.replaceAll("_", " ")}`);
    }
  }
}
