import assert from "node:assert/strict";
import {
  buildAffiliateNetwork,
  buildCampaign,
  buildDomain,
  buildGroup,
  buildLanding,
  buildOffer,
  buildRotation,
  buildTrafficSource,
} from "../../fixtures/builders.ts";
import type { PermissionSubject } from "../../contracts/user.ts";
import type { Role } from "../../contracts/auth.ts";
import { testApp } from "../../tests/helpers/api.ts";
import { type Api, apiAs, idOf, signedIn } from "../entities/testing.ts";

type Resource = { path: string; subject: PermissionSubject; build: (n: number) => unknown };

let offerId = 0;
let landingId = 0;

const RESOURCES: Resource[] = [
  { path: "/api/groups", subject: "group", build: () => buildGroup() },
  {
    path: "/api/domains",
    subject: "domain",
    build: (n) => buildDomain({ host: `d${n}.example.com`, isDefault: false }),
  },
  { path: "/api/traffic-sources", subject: "traffic-source", build: () => buildTrafficSource() },
  {
    path: "/api/affiliate-networks",
    subject: "affiliate-network",
    build: () => buildAffiliateNetwork(),
  },
  { path: "/api/offers", subject: "offer", build: () => buildOffer() },
  { path: "/api/landings", subject: "landing", build: () => buildLanding() },
  {
    path: "/api/rotations",
    subject: "rotation",
    build: () => buildRotation({ offerIds: [offerId], landingIds: [landingId] }),
  },
  { path: "/api/campaigns", subject: "campaign", build: () => buildCampaign() },
];

type Actor = { name: string; role?: Role; permissions?: (s: PermissionSubject) => object };

const ACTORS: Actor[] = [
  { name: "anonymous" },
  { name: "no-right", role: "user", permissions: (s) => ({ "*": "write", [s]: "none" }) },
  { name: "read-only", role: "user", permissions: () => ({ "*": "read" }) },
  { name: "writer", role: "user", permissions: (s) => ({ [s]: "write" }) },
  { name: "admin", role: "admin" },
  { name: "super", role: "super-admin" },
];

/** Calls every route once, in an order that leaves the entity in place; answers statuses. */
async function callAll(api: Api, resource: Resource, id: number, n: number) {
  const p = resource.path;
  return {
    list: (await api.get(p)).status,
    get: (await api.get(`${p}/${id}`)).status,
    create: (await api.post(p, resource.build(n))).status,
    patch: (await api.patch(`${p}/${id}`, { notes: "changed" })).status,
    mass: (await api.patch(`${p}/mass`, { ids: [id], patch: { notes: "mass" } })).status,
    clone: (await api.post(`${p}/${id}/clone`)).status,
    archive: (await api.del(`${p}/${id}`)).status,
    restore: (await api.post(`${p}/${id}/restore`)).status,
  };
}

function expected(actor: Actor) {
  const all = (status: number) => ({
    list: status,
    get: status,
    create: status,
    patch: status,
    mass: status,
    clone: status,
    archive: status,
    restore: status,
  });
  if (actor.name === "anonymous") return all(401);
  if (actor.name === "no-right") return all(403);
  if (actor.name === "read-only") return { ...all(403), list: 200, get: 200 };
  return { ...all(200), create: 201, clone: 201 };
}

Deno.test("permissions: every entity route × anonymous, no right, read, write, admin, super-admin", async (t) => {
  const app = testApp();
  const root = await signedIn(app, { username: "root", role: "super-admin" });
  offerId = idOf(await root.post("/api/offers", buildOffer()));
  landingId = idOf(await root.post("/api/landings", buildLanding()));
  let n = 0;
  for (const resource of RESOURCES) {
    for (const actor of ACTORS) {
      await t.step(`${actor.name} on ${resource.path}`, async () => {
        const id = idOf(await root.post(resource.path, resource.build(++n)));
        const api = actor.role
          ? await signedIn(app, {
            username: `${actor.name}-${n}`,
            role: actor.role,
            permissions: actor.permissions?.(resource.subject) as Record<string, string>,
          })
          : apiAs(app);
        assert.deepEqual(await callAll(api, resource, id, ++n), expected(actor));
      });
    }
  }
});

Deno.test("permissions: only admins reach the users API", async (t) => {
  const app = testApp();
  const root = await signedIn(app, { username: "root", role: "super-admin" });
  const target = idOf(
    await root.post("/api/users", { username: "target", password: "long enough pw" }),
  );
  const cases: Array<[string, Api | undefined, number]> = [
    ["anonymous", apiAs(app), 401],
    [
      "a user with write on everything",
      await signedIn(app, {
        username: "writer",
        role: "user",
        permissions: { "*": "write" },
      }),
      403,
    ],
    ["an admin", await signedIn(app, { username: "admin", role: "admin" }), 200],
    ["a super-admin", root, 200],
  ];
  for (const [who, api, status] of cases) {
    await t.step(who, async () => {
      assert.equal((await api!.get("/api/users")).status, status);
      assert.equal((await api!.get(`/api/users/${target}`)).status, status);
      assert.equal((await api!.patch(`/api/users/${target}`, { notes: "x" })).status, status);
      const created = await api!.post("/api/users", {
        username: `u-${status}-${who.length}`,
        password: "long enough pw",
      });
      assert.equal(created.status, status === 200 ? 201 : status);
    });
  }
});
