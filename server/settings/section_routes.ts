/**
 * `GET|PUT /api/settings/:section` for every section of `SETTINGS_SCHEMAS`:
 * one route pair per section, validated by its contract. Per-user sections
 * read and write the caller's own copy; tracker sections need an admin to change.
 */
import { Hono } from "hono";
import { SETTINGS_SCHEMAS, type SettingsSection } from "../../contracts/settings.ts";
import { type AppEnv, userOf } from "../context.ts";
import type { Db } from "../db/connection.ts";
import { validationError } from "../errors.ts";
import { validate } from "../validate.ts";
import { assertMayChange, isPerUser, readSection, writeSection } from "./sections.ts";
import { withPrevious } from "./url_paths.ts";

type Issue = { path: PropertyKey[]; message: string };

function exists(db: Db, table: string, id: number): boolean {
  return !!db.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND archived = 0`).get(id);
}

/** Checks that need the database (STYLE 5: the contract cannot know what exists). */
const CHECKS: Partial<Record<SettingsSection, (db: Db, value: never) => Issue[]>> = {
  "auto-clearing": (db, value: { exceptions: Array<{ campaignId: number }> }) =>
    value.exceptions.flatMap((e, i) =>
      exists(db, "campaigns", e.campaignId) ? [] : [{
        path: ["exceptions", i, "campaignId"],
        message: `Campaign ${e.campaignId} does not exist`,
      }]
    ),
  "tracking-links": (db, value: { domainId: number | null }) =>
    value.domainId === null || exists(db, "domains", value.domainId)
      ? []
      : [{ path: ["domainId"], message: `Domain ${value.domainId} does not exist` }],
};

function route(app: Hono<AppEnv>, section: SettingsSection) {
  const schema = SETTINGS_SCHEMAS[section];
  app.get(`/${section}`, (c) => {
    const userId = isPerUser(section) ? userOf(c).id : undefined;
    return c.json(readSection(c.var.deps.db, section, userId));
  });
  app.put(`/${section}`, validate("json", schema), (c) => {
    let value = c.req.valid("json") as never;
    const user = userOf(c);
    const db = c.var.deps.db;
    assertMayChange(user, section);
    const issues = CHECKS[section]?.(db, value) ?? [];
    if (issues.length) throw validationError(issues);
    const userId = isPerUser(section) ? user.id : undefined;
    if (section === "url-customization") {
      const before = readSection(db, "url-customization");
      // `previous` is the server's record: what the client sends there is ignored.
      value = withPrevious(before, {
        ...(value as typeof before),
        previous: before.previous,
      }) as never;
    }
    writeSection(db, section, { value, userId });
    return c.json(readSection(db, section, userId));
  });
}

/** The section routes, mounted under `/api/settings` after the sections' own extra routes. */
export function sectionRoutes(): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  for (const section of Object.keys(SETTINGS_SCHEMAS) as SettingsSection[]) route(app, section);
  return app;
}
