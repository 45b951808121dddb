/**
 * A NUL character in a request on PostgreSQL (security re-probe): its text
 * holds none and its jsonb refuses the `\u0000` escape, so a token, a key, a
 * click id, a search or a name carrying one answered 500 (and lost the
 * click). Now it answers as on SQLite: in clicks and postbacks the NUL is kept
 * as U+FFFD; a name with one is refused on both stores (no control characters).
 */
import assert from "node:assert/strict";
import { CLICK_ROUTES } from "../../../contracts/api/reports.ts";
import { postgresTest } from "../../../tests/helpers/postgres.ts";
import { openPostgres } from "../connection.ts";
import { setLogQuiet } from "../../log.ts";
import { clickIdOf, NETWORK_IP, trackingApp } from "../../tracking/testing.ts";

setLogQuiet(true);

postgresTest(
  "PostgreSQL: a NUL in a click, a postback, a search or a name answers as on SQLite, never 500",
  async (_t, url) => {
    const db = openPostgres(url);
    try {
      const s = await trackingApp({ db });
      const click = await s.click({ query: "?subid=a%00b&zone=%00" });
      assert.equal(click.status, 302);
      const id = clickIdOf(click);
      for (const path of ["/c/%00", `/c/${s.key}%00`, "/postback?clickid=%00&status=sale"]) {
        const res = await s.app.request(path, { ip: NETWORK_IP, redirect: "manual" });
        assert.equal(res.status, 404, path);
        await res.body?.cancel();
      }
      const postback = await s.app.request(
        `/postback?token=s3cr3t-token&clickid=${id}&status=sale&txid=a%00b`,
        { ip: NETWORK_IP },
      );
      assert.equal(postback.status, 200);
      await postback.body?.cancel();
      assert.equal((await s.api.get("/api/campaigns?search=%00")).status, 200);
      const named = await s.api.post("/api/groups", { name: "Push\u0000", type: "offer" });
      assert.equal(named.status, 400, JSON.stringify(named.body));
      assert.match(JSON.stringify(named.body), /must not contain control characters/);
      const clicks = await s.api.call(CLICK_ROUTES.list, { query: { search: id, tz: "UTC" } });
      assert.deepEqual(clicks.items.map((c) => c.id), [id]);
    } finally {
      db.close();
    }
  },
);
