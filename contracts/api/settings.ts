/**
 * The settings sections' routes (decision 171): `GET|PUT /api/settings/{section}` for every
 * section of `SETTINGS_SCHEMAS`, each typed by its own schema (`SETTINGS_ROUTES.ui.put` takes
 * and answers `UiSettings`). Any signed-in user reads a section; per-user sections are the
 * caller's own copy, the tracker's sections need an admin to change. This module loads only
 * `contracts/settings.ts`, which the signed-in frame already holds (its preferences).
 */
import { route } from "../route.ts";
import { SETTINGS_SCHEMAS, type SettingsSection } from "../settings.ts";

const tag = "Settings";

/** Sections each user keeps for themselves; the others are the tracker's. */
export const PER_USER_SECTIONS: ReadonlySet<SettingsSection> = new Set([
  "user",
  "ui",
  "stats",
  "columns",
]);

/** Who changes a tracker-wide section, and the 403 of everyone else. */
const ADMINS = ["user", "write"] as const;
const TRACKER_REFUSAL = "Only admins change tracker settings";

type Schema<S extends SettingsSection> = typeof SETTINGS_SCHEMAS[S];

/** The two routes of one section. */
export type SectionRoutes<S extends SettingsSection> = {
  get: {
    method: "get";
    path: `/api/settings/${S}`;
    tag: string;
    summary: string;
    access: "user";
    answer: Schema<S>;
  };
  put: {
    method: "put";
    path: `/api/settings/${S}`;
    tag: string;
    summary: string;
    access: "user" | typeof ADMINS;
    refusal?: string;
    body: Schema<S>;
    answer: Schema<S>;
  };
};

function sectionRoutes<S extends SettingsSection>(section: S): SectionRoutes<S> {
  const schema = SETTINGS_SCHEMAS[section];
  const path = `/api/settings/${section}` as const;
  const perUser = PER_USER_SECTIONS.has(section);
  return {
    get: route({
      method: "get",
      path,
      tag,
      summary: `Read ${section} settings${perUser ? " (your own)" : ""}`,
      access: "user",
      answer: schema,
    }),
    put: route({
      method: "put",
      path,
      tag,
      summary: `Store ${section} settings${perUser ? " (your own)" : ""}`,
      ...(perUser ? { access: "user" } : { access: ADMINS, refusal: TRACKER_REFUSAL }),
      body: schema,
      answer: schema,
    }),
  };
}

/** Every section's `get` and `put`, by section name. */
export const SETTINGS_ROUTES = Object.fromEntries(
  (Object.keys(SETTINGS_SCHEMAS) as SettingsSection[]).map((s) => [s, sectionRoutes(s)]),
) as { [S in SettingsSection]: SectionRoutes<S> };
