import { EnvError, parseEnv } from "@/lib/env";

// Fails fast, before any build, with one line naming every bad variable.
try {
  parseEnv();
} catch (err) {
  if (!(err instanceof EnvError)) throw err;
  console.error(err.message);
  process.exit(1);
}
