/** Werewolf (WOLF) episodes for the transcript view: debate with bids and deception labels, votes, suspicion. */
import type { GameEvent } from "@/engine/core/game";
import type { PeerAnalysis, SelfAnalysis, WerewolfEvent } from "@/engine/games/werewolf";
import { shownRole, TalkTimelineBase } from "./talk-timeline";
import type { DeceptionLabel } from "./types";

const label = (a: SelfAnalysis | PeerAnalysis): DeceptionLabel => ({
  isDeceptive: a.is_deceptive === 1,
  type: a.deception_type,
  confidence: a.confidence,
  ...("suspicion_level" in a && { suspicion: a.suspicion_level }),
  fallback: a.fallback === true,
});

const WINNERS = { werewolves: "Werewolves win", villagers: "Villagers win" } as const;

export class WerewolfTimeline extends TalkTimelineBase {
  private statementsPerDay = 0;
  private bids: Record<string, number> | undefined;

  protected apply(event: GameEvent) {
    const e = event as WerewolfEvent;
    switch (e.type) {
      case "game_start": {
        this.seats = e.players.map((p) => ({
          seat: p.seat,
          name: p.name,
          role: shownRole(p.role),
          evil: p.role === "Werewolf",
        }));
        this.statementsPerDay = Number(e.config.statementsPerDay ?? 0);
        const initial = typeof e.config.initialSuspicion === "number" ? e.config.initialSuspicion : 0.5;
        this.update({ alive: e.players.map(() => true), suspicion: e.players.map(() => e.players.map(() => initial)) });
        return;
      }
      case "night_start":
        return this.setPhase("night", `Night ${e.round}`);
      case "night_end": {
        this.kill(e.killed);
        const note =
          e.killed === null ? `Night ${e.round}: nobody died` : `Night ${e.round}: ${this.nameOf(e.killed)} was killed`;
        this.update({ note });
        if (e.killed !== null) this.mark("kill", note);
        return;
      }
      case "day_start":
        return this.setPhase("day", `Day ${e.round}`);
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
        return this.setPhase(
          "day",
          `Day ${e.round} · statement ${e.turn}${this.statementsPerDay ? ` of ${this.statementsPerDay}` : ""}`,
        );
      case "analyses": {
        const line = this.transcript.findLast((l) => l.round === e.round && l.turn === e.turn);
        if (line) {
          line.analysisFrame = this.currentIndex;
          // A player's view holds the self-analysis of its own statements only.
          if (e.self) line.self = label(e.self);
          line.peers = Object.fromEntries(Object.entries(e.peers).map(([observer, a]) => [observer, label(a)]));
        }
        const matrix = this.current.suspicion?.map((row) => [...row]);
        if (matrix)
          for (const [observer, score] of Object.entries(e.suspicion)) matrix[Number(observer)][e.speaker] = score;
        return this.update({ suspicion: matrix ?? null });
      }
      case "vote_start":
        this.mark("meeting", `Day ${e.round} vote`);
        return this.setPhase("vote", `Day ${e.round} · vote`);
      case "vote_result":
        this.addVote({ round: e.round, ballots: e.ballots, tally: e.tally, needed: e.needed, eliminated: e.exiled });
        this.kill(e.exiled);
        if (e.exiled !== null) this.mark("ejection", `${this.nameOf(e.exiled)} exiled`);
        return this.update({
          note:
            e.exiled === null
              ? `Day ${e.round}: no majority, nobody exiled`
              : `Day ${e.round}: ${this.nameOf(e.exiled)} was exiled`,
        });
      case "game_end":
        this.mark("end", WINNERS[e.winner]);
        return this.setPhase("over", `${WINNERS[e.winner]} · ${e.reason.replaceAll("_", " ")}`);
    }
  }
}
