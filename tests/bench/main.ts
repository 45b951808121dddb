/**
 * `deno task bench [name…]`: runs benchmarks by name (all when none given).
 * Benchmarks print figures; they are never timed tests.
 */

type Bench = { describe: string; run: (flags: string[]) => Promise<void> };

const BENCHES: Record<string, () => Promise<Bench>> = {
  password: () => import("./password.ts").then((m) => m.bench),
  click: () => import("./click.ts").then((m) => m.bench),
  "click-path": () => import("./click_path.ts").then((m) => m.bench),
  report: () => import("./report.ts").then((m) => m.bench),
  lighthouse: () => import("./lighthouse.ts").then((m) => m.bench),
  cost: () => import("./cost.ts").then((m) => m.bench),
  events: () => import("./events.ts").then((m) => m.bench),
  screens: () => import("./screens.ts").then((m) => m.bench),
};

// Flags (`--sustained 60`, `--soak`, `--store postgres`, `--out /tmp/dir`, `--only=clicklog`) go to every
// benchmark named, and so does a path; the rest are names. A number or a path after a flag
// is its value.
const flags: string[] = [];
const named: string[] = [];
for (let i = 0; i < Deno.args.length; i++) {
  const arg = Deno.args[i];
  if (/^\.{0,2}\//.test(arg)) flags.push(arg); // a folder: `bench screens /tmp/shots`
  else if (!arg.startsWith("--")) named.push(arg);
  else if (arg === "--store") flags.push(arg, Deno.args[++i] ?? ""); // `--store postgres`
  else if (/^(\d+|\.{0,2}\/.*)$/.test(Deno.args[i + 1] ?? "")) flags.push(arg, Deno.args[++i]);
  else flags.push(arg);
}
const names = named.length ? named : Object.keys(BENCHES);
for (const name of names) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHES).join(", ")}`);
    Deno.exit(2);
  }
  const bench = await load();
  console.log(`\n## ${name}: ${bench.describe}`);
  await bench.run(flags);
}
