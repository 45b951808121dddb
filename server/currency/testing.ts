/** Test helpers for currency rates: a local ECB feed server and an app with an admin. */
import { ErrorBody } from "../../contracts/common.ts";
import { testApp } from "../../tests/helpers/api.ts";
import type { Answer } from "../entities/testing.ts";
import { settingsUser } from "../settings/testing.ts";

const FIXTURES = new URL("../../fixtures/ecb/", import.meta.url);

/** The saved ECB feeds under fixtures/ecb/, by file name. */
export function ecbFixture(name: "eurofxref-hist-90d.xml" | "eurofxref-daily.xml"): string {
  return Deno.readTextFileSync(new URL(name, FIXTURES));
}

/** A feed served at `/<path>`: a body, or a status with a body. */
type Served = { status?: number; body: string; type?: string };

/**
 * A local listener on a free port answering what `files` holds per path (404
 * otherwise), and recording every path asked for; `/redirect/x` answers a 302 to `/x`.
 */
export function ecbServer(files: Record<string, Served>) {
  const asked: string[] = [];
  const server = Deno.serve({ hostname: "127.0.0.1", port: 0, onListen() {} }, (req) => {
    const path = new URL(req.url).pathname;
    asked.push(path);
    if (path.startsWith("/redirect/")) {
      return new Response(null, { status: 302, headers: { location: path.slice(9) } });
    }
    const served = files[path];
    if (!served) return new Response("not found", { status: 404 });
    return new Response(served.body, {
      status: served.status ?? 200,
      headers: { "content-type": served.type ?? "text/xml" },
    });
  });
  const base = `http://127.0.0.1:${server.addr.port}`;
  return {
    files,
    asked,
    url: (path: string) => `${base}${path}`,
    [Symbol.asyncDispose]: () => server.shutdown(),
  };
}

/** The local feeds' loopback address, which the tests' apps may fetch from (`ROTOR_FEED_ALLOW`). */
export const LOOPBACK_FEEDS = ["127.0.0.1/32"];

/**
 * A fresh app with a signed-in super-admin (`api`) and a plain user (`user`);
 * it may fetch feeds from the tests' loopback listeners unless `feedAllow` says otherwise.
 */
export async function ratesApp(options: { feedAllow?: string[] } = {}) {
  const app = testApp({ config: { feedAllow: options.feedAllow ?? LOOPBACK_FEEDS } });
  const api = await settingsUser(app, { username: "root", role: "super-admin" });
  const user = await settingsUser(app, { username: "maria", role: "user" });
  return { app, api, user, db: app.deps.db };
}

/** The error of a refused call, checked against the error shape. */
export function errorOf(res: Answer): ErrorBody["error"] {
  return ErrorBody.parse(res.body).error;
}

/** Every stored rate, `CUR day per_eur source`, sorted. */
export function storedRates(db: import("../db/connection.ts").Db): string[] {
  return db.prepare("SELECT * FROM currency_rates ORDER BY currency, day").all()
    .map((r) => `${r.currency} ${r.day} ${r.per_eur} ${r.source}`);
}

/** Every recorded change, `username source CUR day before→after`, oldest first. */
export function storedChanges(db: import("../db/connection.ts").Db): string[] {
  return db.prepare("SELECT * FROM currency_rate_changes ORDER BY id").all()
    .map((r) => `${r.username} ${r.source} ${r.currency} ${r.day} ${r.before}→${r.after}`);
}
