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
