/**
 * The API and store test files that pass on PostgreSQL (issue 16, decision 172), run
 * again with `ROTOR_TEST_STORE=postgres`: each of their apps on a fresh
 * database copied from a migrated template in a throwaway cluster. A file
 * joins the list once it passes there; the list shrinks to nothing when every
 * API test runs on both stores. It lives here, not under tests/, so that the
 * parallel run starts it early, beside the other files, not alone at the end.
 */
import assert from "node:assert/strict";
import { postgresSuite } from "../../../tests/helpers/postgres.ts";

export const ON_POSTGRES = [
  "fixtures/demo_test.ts",
  "server/auth/api_keys_test.ts",
  "server/auth/permissions_test.ts",
  "server/auth/routes_test.ts",
  "server/auth/secret_test.ts",
  "server/auth/sessions_test.ts",
  "server/clicklog/filters_test.ts",
  "server/clicklog/names_test.ts",
  "server/conversions/entry_test.ts",
  "server/conversions/status_test.ts",
  "server/costs/cost_update_test.ts",
  "server/costs/sources_test.ts",
  "server/currency/currency_report_test.ts",
  "server/currency/rates_api_test.ts",
  "server/domains/binding_test.ts",
  "server/domains/default_domain_test.ts",
  "server/domains/domains_test.ts",
  "server/domains/export_test.ts",
  "server/entities/entities_test.ts",
  "server/entities/list_test.ts",
  "server/entities/refs_test.ts",
  "server/files/files_test.ts",
  "server/hardening_test.ts",
  "server/monitor/monitor_test.ts",
  "server/openapi/openapi_test.ts",
  "server/reports/across_test.ts",
  "server/reports/attribution_test.ts",
  "server/reports/report_test.ts",
  "server/reports/revenue_split_test.ts",
  "server/reports/tiers_test.ts",
  "server/reports/trends_test.ts",
  "server/route_test.ts",
  "server/security_test.ts",
  "server/settings/auto_clearing_test.ts",
  "server/settings/import_export_test.ts",
  "server/settings/postback_settings_test.ts",
  "server/settings/postback_tester_test.ts",
  "server/settings/settings_test.ts",
  "server/settings/url_paths_test.ts",
  "server/tracking/ad_click_ids_test.ts",
  "server/tracking/bot_cost_test.ts",
  "server/tracking/click_api_test.ts",
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
  "server/tracking/raw_click_test.ts",
  "server/tracking/redirect_mode_test.ts",
  "server/tracking/rule_time_zone_test.ts",
  "server/tracking/s2s_test.ts",
  "server/triggers/actions_test.ts",
  "server/triggers/channels_test.ts",
  "server/triggers/dry_run_test.ts",
  "server/triggers/entity_test.ts",
  "server/triggers/scheduler_test.ts",
  "server/users/users_test.ts",
];

const ROOT = new URL("../../../", import.meta.url);

postgresSuite(`API tests on PostgreSQL (${ON_POSTGRES.length} files)`, async () => {
  const out = await new Deno.Command(Deno.execPath(), {
    args: ["test", "-A", ...ON_POSTGRES],
    cwd: ROOT,
    env: { ROTOR_TEST_STORE: "postgres", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const text = new TextDecoder().decode(out.stdout) + new TextDecoder().decode(out.stderr);
  const summary = text.split("\n").filter((l) => /^(ok|FAILED) \|/.test(l)).join("\n");
  assert.ok(out.success, `on PostgreSQL:\n${text.slice(-6000)}`);
  assert.match(summary, /^ok \| \d+ passed/);
});
