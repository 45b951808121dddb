/**
 * `rotor simulate SCENARIO --url http://localhost:8080`: sends a scenario's
 * traffic to a running Rotor (started with ROTOR_TRUST_PROXY=1, so client IPs
 * can vary through X-Forwarded-For), then prints expected vs recorded figures
 * per offer and exits non-zero on any difference.
 */
import type { Command } from "commander";
import cliProgress from "cli-progress";
import { loadScenario } from "../server/tracking/simulate/scenario.ts";
import { runSimulation, type SimulationReport } from "../server/tracking/simulate/runner.ts";

type SimulateOptions = { url: string; user?: string; password?: string; quiet?: boolean };

function money(micros: number): string {
  return (micros / 1_000_000).toFixed(6).replace(/0{1,4}$/, "");
}

/** `--url`: an http(s) address, checked before any traffic is sent. */
function httpUrl(value: string): string {
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch { /* answered below */ }
  if (!url || !/^https?:$/.test(url.protocol)) {
    throw new Error(`--url must be an http(s) address like http://localhost:8080, not "${value}"`);
  }
  return value;
}

/** A failed fetch names its cause (refused, unknown host) instead of "fetch failed". */
function unreachable(err: unknown, url: string): unknown {
  if (!(err instanceof TypeError) || !(err.cause instanceof Error)) return err;
  return new Error(`cannot reach Rotor at ${url}: ${err.cause.message}`);
}

/** The report as a table, one line per offer and figure. */
export function formatReport(report: SimulationReport): string {
  const lines = [
    `${"offer".padEnd(20)} ${"figure".padEnd(13)} ${"expected".padStart(14)} ${
      "recorded".padStart(14)
    }`,
  ];
  for (const offer of report.offers) {
    for (const figure of ["clicks", "uniqueClicks", "conversions", "revenue"] as const) {
      const show = figure === "revenue" ? money : String;
      const mark = offer.expected[figure] === offer.recorded[figure] ? "" : "  ✗";
      lines.push(
        `${offer.name.slice(0, 20).padEnd(20)} ${figure.padEnd(13)} ` +
          `${show(offer.expected[figure]).padStart(14)} ${
            show(offer.recorded[figure]).padStart(14)
          }${mark}`,
      );
    }
  }
  return lines.join("\n");
}

export function registerSimulate(program: Command) {
  program.command("simulate")
    .description(
      "send a traffic scenario (fixtures/scenarios/NAME.json or a path) to a running Rotor",
    )
    .argument("<scenario>", "scenario name (small, large) or a JSON file")
    .requiredOption("--url <url>", "the running Rotor", httpUrl, "http://localhost:8080")
    .option("--user <name>", "panel user (default: $ROTOR_ADMIN_USER or admin)")
    .option("--password <password>", "panel password (default: $ROTOR_ADMIN_PASSWORD)")
    .option("--quiet", "no progress bar")
    .action(async (name: string, opts: SimulateOptions) => {
      const scenario = await loadScenario(name);
      const password = opts.password ?? Deno.env.get("ROTOR_ADMIN_PASSWORD");
      if (!password) throw new Error("give --password or set ROTOR_ADMIN_PASSWORD");
      const bar = new cliProgress.SingleBar(
        {
          format: "{bar} {percentage}% | {value}/{total} visits | {eta_formatted} left",
          noTTYOutput: false,
        },
        cliProgress.Presets.shades_classic,
      );
      if (!opts.quiet) bar.start(scenario.clicks, 0);
      let report: SimulationReport;
      try {
        report = await runSimulation(scenario, {
          url: opts.url,
          user: opts.user ?? Deno.env.get("ROTOR_ADMIN_USER") ?? "admin",
          password,
          onProgress: opts.quiet ? undefined : (done) => {
            if (done % 100 === 0 || done === scenario.clicks) bar.update(done);
          },
        });
      } catch (err) {
        throw unreachable(err, opts.url);
      } finally {
        if (!opts.quiet) bar.stop();
      }
      console.log(formatReport(report));
      const rate = Math.round(scenario.clicks / report.seconds);
      console.log(`\n${scenario.clicks} visits in ${report.seconds.toFixed(1)} s (${rate}/s)`);
      if (report.differences.length > 0) {
        console.log(`${report.differences.length} figure(s) differ`);
        Deno.exit(1);
      }
      console.log("all figures match");
    });
}
