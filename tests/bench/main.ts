/**
 * `deno task bench [name…]`: runs benchmarks by name (all when none given).
 * Benchmarks print figures; they are never timed tests.
 */

type Bench = { describe: string; run: () => Promise<void> };

const BENCHES: Record<string, () => Promise<Bench>> = {
  password: () => import("./password.ts").then((m) => m.bench),
  click: () => import("./click.ts").then((m) => m.bench),
  report: () => import("./report.ts").then((m) => m.bench),
  lighthouse: () => import("./lighthouse.ts").then((m) => m.bench),
};

const names = Deno.args.length ? Deno.args : Object.keys(BENCHES);
for (const name of names) {
  const load = BENCHES[name];
  if (!load) {
    console.error(`unknown benchmark '${name}'; known: ${Object.keys(BENCHES).join(", ")}`);
    Deno.exit(2);
  }
  const bench = await load();
  console.log(`\n## ${name}: ${bench.describe}`);
  await bench.run();
}
