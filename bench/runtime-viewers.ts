/**
 * Child process of the runtime benchmark: N Socket.IO viewers watch one episode and report, per seq,
 * when each viewer received it (epoch ms, sub-ms precision). Prints `ready` once all joined, then one JSON
 * line `{ received: { [seq]: number[] } }` when every viewer has the whole episode.
 */
import { io as connect } from "socket.io-client";
import { watchEpisode, type ViewerSocket } from "../lib/realtime/episode-client";

const [url, episodeId, countText] = process.argv.slice(2);
const count = Number(countText);
const now = () => performance.timeOrigin + performance.now();
const received: Record<number, number[]> = {};
let joined = 0;
let complete = 0;

for (let i = 0; i < count; i++) {
  const socket: ViewerSocket = connect(url, { transports: ["websocket"], forceNew: true });
  let finalCount = -1;
  let last = 0;
  const check = () => {
    if (last !== finalCount) return;
    socket.close();
    if (++complete === count) console.log(JSON.stringify({ received }));
  };
  watchEpisode(socket, {
    episodeId,
    onJoined: () => {
      if (++joined === count) console.log("ready");
    },
    onEvents: (events) => {
      const at = now();
      for (const e of events) (received[e.seq] ??= []).push(at);
      last = events.at(-1)!.seq;
      check();
    },
    onStatus: (status) => {
      finalCount = status.eventCount;
      check();
    },
  });
}
