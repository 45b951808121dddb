import assert from "node:assert/strict";
import { buildDomain, buildGroup } from "../../fixtures/builders.ts";
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
