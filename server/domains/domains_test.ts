import assert from "node:assert/strict";
import { buildDomain, buildGroup, buildOffer } from "../../fixtures/builders.ts";
import { adminApi, idOf } from "../entities/testing.ts";

Deno.test("domains: one default per purpose, unique hosts, copies get their own host", async () => {
  const { api } = await adminApi();
  const first = idOf(await api.post("/api/domains", buildDomain({ host: "a.example.com" })));
  const second = idOf(await api.post("/api/domains", buildDomain({ host: "B.example.com" })));
  const lander = idOf(
    await api.post("/api/domains", buildDomain({ host: "lp.example.com", purpose: "landers" })),
  );
  assert.equal((await api.get(`/api/domains/${first}`)).body.isDefault, false);
  assert.equal((await api.get(`/api/domains/${second}`)).body.isDefault, true);
  assert.equal((await api.get(`/api/domains/${second}`)).body.host, "b.example.com");
  assert.equal((await api.get(`/api/domains/${lander}`)).body.isDefault, true);
  const taken = await api.post("/api/domains", buildDomain({ host: "A.EXAMPLE.COM" }));
  assert.equal(taken.status, 400);
  const copy = await api.post(`/api/domains/${second}/clone`);
  assert.equal(copy.body.host, "copy-1.b.example.com");
  assert.equal(copy.body.isDefault, false);
});

Deno.test("groups: groups and domains are not grouped themselves", async () => {
  const { api } = await adminApi();
  const group = idOf(await api.post("/api/groups", buildGroup()));
  assert.equal((await api.post("/api/groups", buildGroup({ groupId: group }))).status, 400);
  assert.equal((await api.post("/api/domains", buildDomain({ groupId: group }))).status, 400);
});

Deno.test("groups: a name is used once per type (case and spaces ignored)", async () => {
  const { api } = await adminApi();
  const push = idOf(await api.post("/api/groups", buildGroup({ name: "Push", type: "campaign" })));
  const count = async () =>
    ((await api.get("/api/groups?archived=all")).body.items as unknown[]).length;
  const before = await count();
  const twin = await api.post("/api/groups", buildGroup({ name: " push ", type: "campaign" }));
  assert.equal(twin.status, 400);
  assert.match(JSON.stringify(twin.body), /a group named “Push” already exists \(#\d+\)/);
  assert.equal(await count(), before, "nothing created");
  // Another type may use it; a rename onto a taken name is refused and changes nothing.
  assert.equal(
    (await api.post("/api/groups", buildGroup({ name: "Push", type: "offer" }))).status,
    201,
  );
  const native = idOf(
    await api.post("/api/groups", buildGroup({ name: "Native", type: "campaign" })),
  );
  assert.equal((await api.patch(`/api/groups/${native}`, { name: "PUSH" })).status, 400);
  assert.equal((await api.get(`/api/groups/${native}`)).body.name, "Native");
  // Renaming a group to its own name in other case is fine; an archived name is free again.
  assert.equal((await api.patch(`/api/groups/${push}`, { name: "push" })).status, 200);
  assert.equal((await api.del(`/api/groups/${push}`)).status, 200);
  assert.equal(
    (await api.post("/api/groups", buildGroup({ name: "Push", type: "campaign" }))).status,
    201,
  );
});

Deno.test("entities: a name on one line and notes without control characters", async () => {
  const { api } = await adminApi();
  const count = async () =>
    ((await api.get("/api/offers?archived=all")).body.items as unknown[]).length;
  for (const name of ["Push\u0000", "Two\nlines", "Tab\there", "Bell\u0007"]) {
    const res = await api.post("/api/offers", buildOffer({ name }));
    assert.equal(res.status, 400, JSON.stringify(name));
    assert.match(JSON.stringify(res.body), /must not contain control characters/);
  }
  const bad = await api.post("/api/offers", buildOffer({ name: "N", notes: "a\u0000b" }));
  assert.equal(bad.status, 400);
  assert.equal(await count(), 0, "nothing created");
  const offer = await api.post("/api/offers", buildOffer({ name: "N", notes: "line 1\n\tline 2" }));
  assert.equal(offer.status, 201);
  assert.equal(offer.body.notes, "line 1\n\tline 2");
  const renamed = await api.patch(`/api/offers/${offer.body.id}`, { name: "N\u0000" });
  assert.equal(renamed.status, 400);
  assert.equal((await api.get(`/api/offers/${offer.body.id}`)).body.name, "N");
});

Deno.test("domains: an archived domain's host is refused as archived, and restoring brings it back", async () => {
  const { api } = await adminApi();
  const id = idOf(await api.post("/api/domains", buildDomain({ host: "old.example.com" })));
  assert.equal((await api.del(`/api/domains/${id}`)).status, 200);
  const again = await api.post("/api/domains", buildDomain({ host: "old.example.com" }));
  assert.equal(again.status, 400);
  assert.match(JSON.stringify(again.body), /old\.example\.com is archived: restore it/);
  assert.equal((await api.post(`/api/domains/${id}/restore`)).status, 200);
  const live = (await api.get("/api/domains")).body.items as { host: string }[];
  assert.deepEqual(live.map((d) => d.host), ["old.example.com"]);
});

Deno.test("domains: a host no request can carry is refused, and nothing is added", async () => {
  const { app, api } = await adminApi();
  for (const host of ["t.example.org:99999", "t.example.org:0", "999.1.1.1", "пример.рф"]) {
    const res = await api.post("/api/domains", buildDomain({ host }));
    assert.equal(res.status, 400, host);
  }
  const idn = await api.post("/api/domains", buildDomain({ host: "пример.рф" }));
  assert.match(JSON.stringify(idn.body), /xn-- form/);
  assert.equal((await api.get("/api/domains?archived=all")).body.total, 0);
  const fine = ["t.example.org:65535", "10.0.0.255", "xn--e1afmkfd.xn--p1ai", "Go.Example.org"];
  for (const host of fine) {
    assert.equal((await api.post("/api/domains", buildDomain({ host }))).status, 201, host);
  }
  // A host stored under the older rules still lists (and can be corrected or archived).
  const id = idOf(await api.post("/api/domains", buildDomain({ host: "old.example.org" })));
  app.deps.db.prepare("UPDATE domains SET host = 'old.example.org:99999' WHERE id = ?").run(id);
  const listed = await api.get("/api/domains");
  assert.equal(listed.status, 200);
  assert.ok(JSON.stringify(listed.body).includes("old.example.org:99999"));
});
