/** `npm run worker`: one worker process (see worker-main.ts). */
import "server-only";
import { runWorker } from "./worker-main";

runWorker().catch((err: unknown) => {
  console.error(`worker failed to start: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
});
