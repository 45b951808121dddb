/**
 * The API test files that pass on PostgreSQL (issue 16, decision 172), run
 * again with `ROTOR_TEST_STORE=postgres`: each of their apps on a fresh
 * database copied from a migrated template in a throwaway cluster. A file
 * joins the list once it passes there; the list shrinks to nothing when every
 * API test runs on both stores.
 */
import assert from "node:assert/strict";
import { postgresSuite } from "./helpers/postgres.ts";

export const ON_POSTGRES = [
  "server/auth/api_keys_test.ts",
  "server/auth/permissions_test.ts",
  "server/auth/routes_test.ts",
  "server/auth/secret_test.ts",
  "server/conversions/entry_test.ts",
  "server/conversions/status_test.ts",
  "server/entities/entities_test.ts",
  "server/entities/list_test.ts",
  "server/entities/refs_test.ts",
  "server/settings/auto_clearing_test.ts",
  "server/settings/import_export_test.ts",
  "server/settings/postback_settings_test.ts",
  "server/settings/postback_tester_test.ts",
  "server/settings/settings_test.ts",
  "server/settings/url_paths_test.ts",
  "server/tracking/click_api_test.ts",
  "server/triggers/actions_test.ts",
  "server/triggers/entity_test.ts",
  "server/users/users_test.ts",
];

const ROOT = new URL("../", import.meta.url);

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
