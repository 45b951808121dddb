/**
 * `GET|PUT /api/settings/{section}` for every section of `SETTINGS_SCHEMAS`
 * (declared in `contracts/api/settings.ts`, which also says who may change
 * each). Per-user sections read and write the caller's own copy.
 */
import { type SectionRoutes, SETTINGS_ROUTES } from "../../contracts/api/settings.ts";
import type { AnswerOf } from "../../contracts/route.ts";
import type { SettingsSection, SettingsValue } from "../../contracts/settings.ts";
import { userOf } from "../context.ts";
import type { Db } from "../db/connection.ts";
import { validationError } from "../errors.ts";
import { implement } from "../route.ts";
import { isPerUser, readSection, writeSection } from "./sections.ts";
import { withPrevious } from "./url_paths.ts";
import { columnSetIssues } from "./column_sets.ts";

type Issue = { path: PropertyKey[]; message: string };

function exists(db: Db, table: string, id: number): boolean {
  return !!db.prepare(`SELECT 1 FROM ${table} WHERE id = ? AND archived = 0`).get(id);
}

/** What a check gets besides the value: the caller (per-user sections compare with their copy). */
type CheckOptions = { userId: number };
type Check<S extends SettingsSection> = (
  db: Db,
  value: SettingsValue<S>,
  options: CheckOptions,
) => Issue[];

/** Checks that need the database (STYLE 5: the contract cannot know what exists). */
const CHECKS: { [S in SettingsSection]?: Check<S> } = {
  "auto-clearing": (db, value) =>
    value.exceptions.flatMap((e, i) =>
      exists(db, "campaigns", e.campaignId) ? [] : [{
        path: ["exceptions", i, "campaignId"],
        message: `Campaign ${e.campaignId} does not exist`,
      }]
    ),
  "tracking-links": (db, value) =>
    value.domainId === null || exists(db, "domains", value.domainId)
      ? []
      : [{ path: ["domainId"], message: `Domain ${value.domainId} does not exist` }],
  "columns": (db, value, { userId }) =>
    columnSetIssues(db, value.sets, { stored: readSection(db, "columns", userId).sets }),
};

/** Stores a validated section (after the database's checks) and answers what is stored. */
function store<S extends SettingsSection>(
  db: Db,
  section: S,
  options: { value: SettingsValue<S>; userId: number },
): SettingsValue<S> {
  let value = options.value;
  const check = CHECKS[section] as Check<S> | undefined;
  const issues = check?.(db, value, { userId: options.userId }) ?? [];
  if (issues.length) throw validationError(issues);
  const userId = isPerUser(section) ? options.userId : undefined;
  if (section === "url-customization") {
    const before = readSection(db, "url-customization");
    // `previous` is the server's record: what the client sends there is ignored.
    value = withPrevious(before, {
      ...(value as typeof before),
      previous: before.previous,
    }) as SettingsValue<S>;
  }
  writeSection(db, section, { value, userId });
  return readSection(db, section, userId);
}

/** A section's value as its routes answer it (the same, for TypeScript's generic `S`). */
type Answer<S extends SettingsSection> = AnswerOf<SectionRoutes<S>["get" | "put"]>;

function sectionRoutes<S extends SettingsSection>(section: S) {
  const routes = SETTINGS_ROUTES[section];
  return [
    implement(routes.get, (c) => {
      const userId = isPerUser(section) ? userOf(c).id : undefined;
      return readSection(c.var.deps.db, section, userId) as Answer<S>;
    }),
    implement(
      routes.put,
      (c, { body }) =>
        store(c.var.deps.db, section, {
          value: body as SettingsValue<S>,
          userId: userOf(c).id,
        }) as Answer<S>,
    ),
  ];
}

/** Both routes of every section. */
export const settingsSectionRoutes = (Object.keys(SETTINGS_ROUTES) as SettingsSection[])
  .flatMap(sectionRoutes);
