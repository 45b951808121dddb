/**
 * `rotor migrate --to postgres://…` (issue 16 item 4): the demo install, with
 * its clicks, conversions, rollups and users, is copied into an empty
 * PostgreSQL database by the real CLI; a server started on that database then
 * answers the same reports and lists as the SQLite one, the admin signs in
 * with the same password, new rows continue after the copied ids, and a
 * second copy or a bad URL is refused.
 */
import assert from "node:assert/strict";
import { DatabaseSync } from "node:sqlite";
import { join } from "node:path";
import { postgresTest } from "../helpers/postgres.ts";
import { ADMIN_PASSWORD, runCli, startServer } from "../helpers/server.ts";
import { PanelClient } from "../../server/tracking/simulate/setup.ts";

const DAY = 86_400_000;

type Listed = { items: { id: number; name: string; stats?: unknown }[] };

/** The answers a buyer reads, from one server. */
async function figures(url: string) {
  const panel = new PanelClient(url);
  await panel.signIn("admin", ADMIN_PASSWORD);
  const from = new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10);
  const to = new Date(Date.now() + DAY).toISOString().slice(0, 10);
  const range = `from=${from}&to=${to}&tz=UTC`;
  const list = async (resource: string) =>
    (await panel.call<Listed>("GET", `/api/${resource}?${range}&limit=100`)).items
      .map(({ id, name, stats }) => ({ id, name, stats }));
  const campaigns = await list("campaigns");
  const ids = campaigns.map((c) => c.id).join(",");
  const report = (groupBy: string) =>
    panel.call(
      "GET",
      `/api/report?subjectType=campaign&subjectIds=${ids}&groupBy=${groupBy}&${range}`,
    );
  return {
    campaigns,
    offers: await list("offers"),
    byDay: await report("day"),
    byCountry: await report("country"),
    byOffer: await report("offer"),
    conversions: await panel.call("GET", `/api/conversions?${range}&limit=50`),
    clicks: await panel.call("GET", `/api/clicks?${range}&limit=50`),
  };
}

postgresTest(
  "migrate --to: the demo install copied into PostgreSQL reads the same",
  async (t, url) => {
    const dataDir = await Deno.makeTempDir({ prefix: "rotor-migrate-" });
    try {
      const sqlite = await startServer({ dataDir, args: ["--seed"] });
      const before = await figures(sqlite.url);
      await sqlite.stop();
      assert.ok(before.campaigns.length >= 3, "the demo holds campaigns");

      await t.step("a URL that is not PostgreSQL's is refused", async () => {
        const bad = await runCli(["migrate", "--to", "mysql://x/y"], { dataDir });
        assert.equal(bad.code, 1);
        assert.match(bad.stderr, /--to must be a postgres:\/\/… URL/);
      });

      await t.step("the copy checks every table's rows and sums", async () => {
        const done = await runCli(["migrate", "--to", url], { dataDir });
        assert.equal(done.code, 0, done.stderr);
        assert.match(done.stdout, /every table's rows and sums match/);
        const db = new DatabaseSync(join(dataDir, "rotor.db"), { readOnly: true });
        const clicks = Number(db.prepare("SELECT count(*) AS n FROM clicks").get()!.n);
        db.close();
        assert.ok(clicks > 1000, "the demo holds clicks");
        assert.match(done.stdout, new RegExp(`^clicks: ${clicks} rows$`, "m"));
      });

      await t.step("a second copy into the same database is refused", async () => {
        const again = await runCli(["migrate", "--to", url], { dataDir });
        assert.equal(again.code, 1);
        assert.match(again.stderr, /already holds a Rotor install \(users holds \d+ rows\)/);
      });

      await t.step("a server on PostgreSQL answers the same reports, lists and logs", async () => {
        const pgData = await Deno.makeTempDir({ prefix: "rotor-migrate-pg-" });
        const pg = await startServer({ dataDir: pgData, env: { ROTOR_DATABASE_URL: url } });
        try {
          assert.deepEqual(await figures(pg.url), before);
          const panel = new PanelClient(pg.url);
          await panel.signIn("admin", ADMIN_PASSWORD);
          const offer = await panel.call<{ id: number }>("POST", "/api/offers", {
            name: "After the move",
            url: "https://offer.example.com/",
          });
          const copied = Math.max(...before.offers.map((o) => o.id));
          assert.ok(offer.id > copied, `a new offer's id ${offer.id} follows the copied ${copied}`);
        } finally {
          await pg.stop();
          await Deno.remove(pgData, { recursive: true });
        }
      });
    } finally {
      await Deno.remove(dataDir, { recursive: true });
    }
  },
);
