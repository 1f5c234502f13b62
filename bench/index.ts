/**
 * `npm run bench -- <suite> [--json]`: runs one benchmark suite and prints a table, or one JSON object
 * per line `{"name","value","unit"}` with --json. Figure names are stable contracts (see the issues).
 */
export interface Figure {
  name: string;
  value: number;
  unit: string;
}

type Suite = () => Promise<Figure[]>;

const suites: Record<string, () => Promise<{ run: Suite }>> = {
  agents: () => import("./agents.bench"),
  engine: () => import("./engine.bench"),
  leaderboard: () => import("./leaderboard.bench"),
  metrics: () => import("./metrics.bench"),
  runtime: () => import("./runtime.bench"),
  viewer: () => import("./viewer.bench"),
};

async function main() {
  const args = process.argv.slice(2);
  const json = args.includes("--json");
  const names = args.filter((a) => !a.startsWith("--"));
  if (names.length === 0 || names.some((n) => !(n in suites))) {
    console.error(`usage: npm run bench -- <suite> [--json]; suites: ${Object.keys(suites).join(", ")}`);
    process.exit(2);
  }
  for (const name of names) {
    const { run } = await suites[name]();
    const figures = await run();
    if (json) for (const f of figures) console.log(JSON.stringify(f));
    else console.table(figures.map((f) => ({ figure: f.name, value: Number(f.value.toFixed(3)), unit: f.unit })));
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
