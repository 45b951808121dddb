import assert from "node:assert/strict";
import { join } from "node:path";
import { runCli } from "../tests/helpers/server.ts";
import { openDataDir } from "../server/db/connection.ts";
import { createUser } from "../server/users/service.ts";
import { createEntity } from "../server/entities/service.ts";
import { groupDef } from "../server/groups/definition.ts";
import { affiliateNetworkDef } from "../server/affiliate_networks/definition.ts";
import { offerDef } from "../server/offers/definition.ts";
import { AffiliateNetworkInput } from "../contracts/affiliate_network.ts";
import { OfferInput } from "../contracts/offer.ts";
import { GroupInput } from "../contracts/group.ts";
import { buildAffiliateNetwork, buildGroup, buildOffer } from "../fixtures/builders.ts";
import { findUserByApiKey } from "../server/auth/api_keys.ts";
import { clickIdPrefix } from "../server/tracking/click_id.ts";

async function withDataDirs(fn: (a: string, b: string) => Promise<void>) {
  const a = await Deno.makeTempDir({ prefix: "rotor-cli-a-" });
  const b = await Deno.makeTempDir({ prefix: "rotor-cli-b-" });
  try {
    await fn(a, b);
  } finally {
    await Deno.remove(a, { recursive: true });
    await Deno.remove(b, { recursive: true });
  }
}

function count(dataDir: string, table: string): number {
  const db = openDataDir(dataDir);
  try {
    return Number(db.prepare(`SELECT count(*) AS n FROM ${table}`).get()?.n);
  } finally {
    db.close();
  }
}

Deno.test("cli: export then import (dry run first) copies every entity to another tracker", async () => {
  await withDataDirs(async (from, to) => {
    const db = openDataDir(from);
    createEntity(db, groupDef, GroupInput.parse(buildGroup()));
    const network = createEntity(
      db,
      affiliateNetworkDef,
      AffiliateNetworkInput.parse(buildAffiliateNetwork()),
    );
    createEntity(
      db,
      offerDef,
      OfferInput.parse(buildOffer({ affiliateNetworkId: Number(network.id) })),
    );
    db.close();
    const file = join(from, "export.json");

    const exported = await runCli(["export", file], { dataDir: from });
    assert.equal(exported.code, 0, exported.stderr);
    assert.match(exported.stdout, /exported to .*offers 1/);
    const text = await Deno.readTextFile(file);
    assert.equal(JSON.parse(text).format, "rotor-export");

    const dry = await runCli(["import", file, "--dry-run"], { dataDir: to });
    assert.equal(dry.code, 0, dry.stderr);
    assert.match(dry.stdout, /dry run, would create: groups 1, .*affiliate_networks 1, offers 1/);
    assert.equal(count(to, "offers"), 0, "a dry run writes nothing");

    const applied = await runCli(["import", file], { dataDir: to });
    assert.equal(applied.code, 0, applied.stderr);
    assert.match(applied.stdout, /^imported: /);
    assert.equal(count(to, "offers"), 1);
    assert.equal(count(to, "affiliate_networks"), 1);

    const broken = join(from, "broken.json");
    await Deno.writeTextFile(broken, "{not json");
    const bad = await runCli(["import", broken], { dataDir: to });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /error: .*is not JSON/);
    const missing = await runCli(["import", join(from, "nope.json")], { dataDir: to });
    assert.equal(missing.code, 1);
  });
});

Deno.test("cli: clear --older-than deletes only clicks past the age", async () => {
  await withDataDirs(async (dataDir) => {
    const db = openDataDir(dataDir);
    const now = Date.now();
    const insert = db.prepare("INSERT INTO clicks (id, ts, campaign_id) VALUES (?, ?, 1)");
    for (const [i, days] of [40, 35, 31, 10, 1].entries()) {
      const ts = now - days * 86_400_000;
      insert.run(clickIdPrefix(ts) + String(i).padStart(16, "0"), ts);
    }
    db.close();
    const run = await runCli(["clear", "--older-than", "30d"], { dataDir });
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /deleted 3 clicks older than 30d/);
    assert.equal(count(dataDir, "clicks"), 2);
    const bad = await runCli(["clear", "--older-than", "a month"], { dataDir });
    assert.equal(bad.code, 1);
    assert.match(bad.stderr, /is not an age like 30d/);
    const none = await runCli(["clear"], { dataDir });
    assert.notEqual(none.code, 0);
    assert.match(none.stderr, /--older-than/);
  });
});

Deno.test("cli: apikey create prints the key once; revoke stops it", async () => {
  await withDataDirs(async (dataDir) => {
    const db = openDataDir(dataDir);
    await createUser(db, { username: "maria", role: "admin", password: "a-long-password" });
    db.close();
    const created = await runCli(["apikey", "create", "--user", "maria", "--name", "bi"], {
      dataDir,
    });
    assert.equal(created.code, 0, created.stderr);
    const key = /key: (rk_\S+)/.exec(created.stdout)?.[1];
    const id = /created key (\d+)/.exec(created.stdout)?.[1];
    assert.ok(key && id, created.stdout);
    const check = () => {
      const db = openDataDir(dataDir);
      try {
        return findUserByApiKey(db, key)?.username;
      } finally {
        db.close();
      }
    };
    assert.equal(check(), "maria");
    const list = await runCli(["apikey", "list", "--user", "maria"], { dataDir });
    assert.match(list.stdout, new RegExp(`^${id}\\trk_\\S+…\\tapi\\tlive\\tbi`, "m"));
    assert.ok(!list.stdout.includes(key), "the list never shows the key");
    const revoked = await runCli(["apikey", "revoke", id], { dataDir });
    assert.equal(revoked.code, 0, revoked.stderr);
    assert.equal(check(), undefined);
    const unknownUser = await runCli(["apikey", "create", "--user", "ghost"], { dataDir });
    assert.equal(unknownUser.code, 1);
    assert.match(unknownUser.stderr, /no user 'ghost'/);
    const unknownKey = await runCli(["apikey", "revoke", "999"], { dataDir });
    assert.match(unknownKey.stderr, /no API key 999/);
  });
});
