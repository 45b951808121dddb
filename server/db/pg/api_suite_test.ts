/**
 * The API and store test files run again on PostgreSQL (issue 16, decision
 * 172) with `ROTOR_TEST_STORE=postgres`: each of their apps on a fresh
 * database copied from a migrated template, in one throwaway cluster this
 * file starts and hands to the child run (`ROTOR_TEST_PG_PORT`). Every server
 * test file that opens a store is in one of the lists below: on both stores,
 * SQLite only (with why), or PostgreSQL only; a test checks it. It lives here,
 * not under tests/, so that the parallel run starts it early, beside the other
 * files, not alone at the end.
 */
import assert from "node:assert/strict";
import { join, relative } from "node:path";
import {
  postgresSuite,
  SHARED_CLUSTER_PORT,
  startTestClusterSync,
} from "../../../tests/helpers/postgres.ts";
import { openPostgres } from "../connection.ts";

export const ON_POSTGRES = [
  "fixtures/demo_lander_test.ts",
  "fixtures/demo_test.ts",
  "fixtures/demo_traffic_test.ts",
  "server/auth/api_keys_test.ts",
  "server/auth/permissions_test.ts",
  "server/auth/rights_sweep_test.ts",
  "server/auth/routes_test.ts",
  "server/auth/secret_test.ts",
  "server/auth/sessions_test.ts",
  "server/campaigns/campaigns_test.ts",
  "server/clicklog/filters_test.ts",
  "server/clicklog/names_test.ts",
  "server/conversions/charge_history_test.ts",
  "server/conversions/entry_test.ts",
  "server/conversions/status_test.ts",
  "server/costs/cost_update_test.ts",
  "server/costs/sources_test.ts",
  "server/currency/currency_report_test.ts",
  "server/currency/ecb_test.ts",
  "server/currency/rates_api_test.ts",
  "server/currency/wide_range_test.ts",
  "server/domains/binding_test.ts",
  "server/domains/default_domain_test.ts",
  "server/domains/domains_test.ts",
  "server/domains/export_test.ts",
  "server/entities/entities_test.ts",
  "server/entities/list_test.ts",
  "server/entities/money_changes_test.ts",
  "server/entities/refs_test.ts",
  "server/files/files_test.ts",
  "server/files/paths_test.ts",
  "server/files/serve_test.ts",
  "server/hardening_test.ts",
  "server/monitor/health_test.ts",
  "server/monitor/monitor_test.ts",
  "server/offers/offers_test.ts",
  "server/openapi/openapi_test.ts",
  "server/panel/static_test.ts",
  "server/reports/across_test.ts",
  "server/reports/attribution_test.ts",
  "server/reports/leads_filters_test.ts",
  "server/reports/pieces_test.ts",
  "server/reports/report_test.ts",
  "server/reports/revenue_split_test.ts",
  "server/reports/rollup_test.ts",
  "server/reports/tiers_test.ts",
  "server/reports/trends_test.ts",
  "server/rotations/flow_ids_test.ts",
  "server/route_test.ts",
  "server/security_test.ts",
  "server/settings/auto_clearing_test.ts",
  "server/settings/column_sets_test.ts",
  "server/settings/import_export_test.ts",
  "server/settings/postback_settings_test.ts",
  "server/settings/postback_tester_test.ts",
  "server/settings/settings_test.ts",
  "server/settings/url_paths_test.ts",
  "server/tracking/ad_click_ids_test.ts",
  "server/tracking/bot_cost_test.ts",
  "server/tracking/click_api_test.ts",
  "server/tracking/click_id_format_test.ts",
  "server/tracking/click_rollup_test.ts",
  "server/tracking/click_route_test.ts",
  "server/tracking/click_test.ts",
  "server/tracking/click_update_test.ts",
  "server/tracking/connection_test.ts",
  "server/tracking/conversion_events_test.ts",
  "server/tracking/direct_test.ts",
  "server/tracking/offer_caps_test.ts",
  "server/tracking/offer_country_test.ts",
  "server/tracking/pixel_test.ts",
  "server/tracking/postback_currency_test.ts",
  "server/tracking/postback_test.ts",
  "server/tracking/quality_test.ts",
  "server/serve_test.ts",
  "server/tracking/redirect_mode_test.ts",
  "server/tracking/rule_time_zone_test.ts",
  "server/tracking/s2s_test.ts",
  "server/tracking/uniqueness_test.ts",
  "server/traffic_sources/required_test.ts",
  "server/triggers/actions_test.ts",
  "server/triggers/channels_test.ts",
  "server/triggers/conditions_test.ts",
  "server/triggers/dry_run_test.ts",
  "server/triggers/entity_test.ts",
  "server/triggers/notifications_test.ts",
  "server/triggers/rights_test.ts",
  "server/triggers/scheduler_test.ts",
  "server/updates/routes_test.ts",
  "server/users/users_test.ts",
  "server/validate_test.ts",
];

/** Files that test what only SQLite has, with why; they run on SQLite alone. */
export const SQLITE_ONLY: Record<string, string> = {
  "cli/cli_test.ts": "the CLI opens the SQLite data folder (decision 172, left 2)",
  "cli/operator_cli_test.ts": "the CLI opens the SQLite data folder (decision 172, left 2)",
  "cli/status_test.ts": "status of a SQLite data folder; its `--database` case starts a " +
    "PostgreSQL cluster of its own",
  "server/backup/backup_test.ts": "a backup is a copy of the SQLite file",
  "server/backup/schedule_test.ts": "a backup is a copy of the SQLite file (a data folder)",
  "server/costs/plan_test.ts": "read-time shares of cost updates are SQLite's (decision 160, " +
    "update 4); PostgreSQL writes the rows",
  "server/db/batch_writer_test.ts": "the generic batch writer on node:sqlite directly",
  "server/db/migrate_test.ts": "SQLite's migrations and WAL (PostgreSQL's: pg_schema_test.ts)",
  "server/db/sqlite_test.ts": "node:sqlite's statements, cached per connection (decision 177)",
  "server/reads/worker_test.ts": "the read threads on SQLite's WAL",
  "server/reports/long_tail_migration_test.ts": "replays SQLite migration 130 (PostgreSQL's " +
    "baseline starts after it)",
  "server/tracking/dictionary_test.ts": "entries by object identity serve the SQLite click " +
    "writer; the PostgreSQL writer interns by its own queries (pg_click_writer.ts)",
  "server/tracking/wal_bound_test.ts": "SQLite's WAL size under load",
};

/** Tests inside files on both stores that are ignored on PostgreSQL, with why. */
export const IGNORED_ON_POSTGRES: Record<string, string> = {
  "server/tracking/uniqueness_test.ts: a snapshot is the next start's memory":
    "the snapshot is a file beside the SQLite database; a PostgreSQL node rebuilds uniqueness from its own clicks (pg_click_nodes_test)",
};

/** Files that need PostgreSQL and start their own cluster. */
export const POSTGRES_ONLY = [
  "server/backup/pg_backup_test.ts",
  "server/db/pg/api_suite_test.ts",
  "server/db/pg/bridge_test.ts",
  "server/db/pg/changes_test.ts",
  "server/db/pg/nodes_test.ts",
  "server/db/pg/nul_test.ts",
  "server/db/pg_schema_test.ts",
  "server/reads/pg_reads_test.ts",
  "server/settings/auto_clearing_pg_test.ts",
  "server/tracking/pg_click_nodes_test.ts",
];

const ROOT = new URL("../../../", import.meta.url);

postgresSuite(`API tests on PostgreSQL (${ON_POSTGRES.length} files)`, async () => {
  // One cluster for the whole child run: a file no longer starts its own.
  const cluster = startTestClusterSync((url) => openPostgres(url).close());
  try {
    const out = await new Deno.Command(Deno.execPath(), {
      args: ["test", "-A", ...ON_POSTGRES],
      cwd: ROOT,
      env: {
        ROTOR_TEST_STORE: "postgres",
        [SHARED_CLUSTER_PORT]: String(cluster.port),
        NO_COLOR: "1",
      },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
    const summary = text.split("\n").filter((l) => /^(ok|FAILED) \|/.test(l)).join("\n");
    console.log(`slowest on PostgreSQL:\n${slowest(text, 12)}`);
    assert.ok(out.success, `on PostgreSQL:\n${text.slice(-6000)}`);
    assert.match(summary, /^ok \| \d+ passed/);
    const ignored = Number(/(\d+) ignored/.exec(summary)?.[1] ?? 0);
    assert.equal(ignored, Object.keys(IGNORED_ON_POSTGRES).length, summary);
  } finally {
    cluster.stop();
  }
});

/** The files that took longest in a `deno test` output, with their tests' seconds summed. */
function slowest(text: string, count: number): string {
  const seconds = new Map<string, number>();
  let file = "";
  const unit: Record<string, number> = { ms: 0.001, s: 1, m: 60, "µs": 0.000001 };
  for (const line of text.split("\n")) {
    const running = /^running \d+ tests? from \.\/(\S+)/.exec(line);
    if (running) file = running[1];
    // Top-level tests only (steps are indented): "name ... ok (1m2s)".
    const done = /^\S.* \.\.\. (?:ok|FAILED) \(([\dmsµ.]+)\)$/.exec(line);
    if (!done || !file) continue;
    let total = 0;
    for (const [, n, u] of done[1].matchAll(/([\d.]+)(ms|µs|s|m)/g)) total += Number(n) * unit[u];
    seconds.set(file, (seconds.get(file) ?? 0) + total);
  }
  return [...seconds].sort((a, b) => b[1] - a[1]).slice(0, count)
    .map(([f, t]) => `  ${t.toFixed(1)} s  ${f}`).join("\n");
}

/** Every `_test.ts` file under these folders (browser tests under tests/e2e aside). */
function serverTestFiles(): string[] {
  const root = ROOT.pathname;
  const found: string[] = [];
  const walk = (dir: string) => {
    for (const entry of Deno.readDirSync(dir)) {
      const path = join(dir, entry.name);
      if (entry.isDirectory) walk(path);
      else if (entry.name.endsWith("_test.ts")) found.push(relative(root, path));
    }
  };
  for (const dir of ["server", "fixtures", "cli"]) walk(join(root, dir));
  return found.sort();
}

/** Whether a test file opens a store: through the test helpers, or by itself. */
function opensStore(file: string): boolean {
  const own = Deno.readTextFileSync(new URL(file, ROOT));
  if (/openDatabase|openDataDir|DatabaseSync|openPostgres|PgBridge|postgresTest/.test(own)) {
    return true;
  }
  const graph = new Deno.Command(Deno.execPath(), {
    args: ["info", "--json", file],
    cwd: ROOT,
    stdout: "piped",
    stderr: "null",
  }).outputSync();
  return new TextDecoder().decode(graph.stdout).includes("/tests/helpers/api.ts");
}

Deno.test("API tests on PostgreSQL: every server test file that opens a store is in one list", () => {
  const listed = [...ON_POSTGRES, ...Object.keys(SQLITE_ONLY), ...POSTGRES_ONLY];
  assert.equal(new Set(listed).size, listed.length, "a file in two lists");
  const files = serverTestFiles();
  for (const file of listed) assert.ok(files.includes(file), `${file} does not exist`);
  const unlisted = files.filter((f) => !listed.includes(f) && opensStore(f));
  assert.deepEqual(unlisted, [], "on both stores (ON_POSTGRES) or SQLITE_ONLY, with why");
  for (const test of Object.keys(IGNORED_ON_POSTGRES)) {
    assert.ok(ON_POSTGRES.includes(test.split(":")[0]), `${test}: not a file on both stores`);
  }
});
