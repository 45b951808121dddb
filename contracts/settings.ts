/**
 * Settings sections (SPEC §2 settings children), one schema each: what
 * `GET|PUT /api/settings/:section` answers and accepts. Every field has a
 * default, so a section never stored reads as its defaults and `{}` is a
 * valid PUT.
 */
import { z } from "zod";
import { COLOR_SCHEMES, FONTS } from "./appearance.ts";
import { Currency, Id } from "./fields.ts";
import { IntegrationSettings } from "./integration.ts";
import { PostbackProcessingSettings } from "./postback_processing.ts";
import { EventsSettings } from "./conversion_events.ts";

export { EventsSettings, IntegrationSettings, PostbackProcessingSettings };

/** An IANA time zone the runtime knows (`UTC`, `Europe/Berlin`, …). */
export const Timezone = z.string().min(1).max(64).refine(isTimezone, "must be an IANA time zone");

function isTimezone(value: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Tracking links: the domain and scheme links are built for. */
export const TrackingLinksSettings = z.object({
  /** A tracking domain's id; null builds links for the panel's own address. */
  domainId: Id.nullable().default(null),
  scheme: z.enum(["https", "http"]).default("https"),
});

/** Days raw clicks may be kept: up to ten years. */
export const KeepDays = z.number().int().min(1, "must be at least 1 day").max(3650);

/** Auto-clearing ("Auto clearings clicks"): raw clicks older than N days are deleted. */
export const AutoClearingSettings = z.object({
  enabled: z.boolean().default(false),
  keepDays: KeepDays.default(90),
  /** Campaigns kept for their own number of days; `null` keeps them forever. */
  exceptions: z.array(z.object({ campaignId: Id, keepDays: KeepDays.nullable() })).max(500)
    .refine((list) => new Set(list.map((e) => e.campaignId)).size === list.length, {
      message: "a campaign may appear once",
    }).default([]),
});

/** User: own profile. */
export const UserProfileSettings = z.object({
  displayName: z.string().trim().max(100).default(""),
  email: z.union([z.literal(""), z.email("must be an e-mail address").max(254)]).default(""),
  timezone: Timezone.default("UTC"),
});

/** Fonts of SPEC §9. */
export const FontName = z.enum(FONTS);

/** UI: theme, colour scheme, font and font size delta (SPEC §3, §5, §9). */
export const UiSettings = z.object({
  theme: z.enum(["system", "light", "dark"]).default("system"),
  colorScheme: z.enum(COLOR_SCHEMES).default("default"),
  font: FontName.default("Vela Sans"),
  fontSizeDelta: z.number().int().min(-10).max(10).default(0),
});

/** Stats: how reports count days and show money. */
export const StatsSettings = z.object({
  timezone: Timezone.default("UTC"),
  currency: Currency.default("USD"),
});

/** Lists and reports a column set can be saved for. */
export const ColumnList = z.enum([
  "campaigns",
  "offers",
  "landings",
  "affiliate-networks",
  "traffic-sources",
  "rotations",
  "report",
  "conversions",
  "clicklog",
]);

/** Column identifiers: the names the lists and the report table use. */
export const ColumnName = z.string().regex(/^[a-zA-Z][\w.-]{0,63}$/, "must be a column name");

/** One saved column set. */
export const ColumnSet = z.object({
  list: ColumnList,
  name: z.string().trim().min(1, "must not be empty").max(64),
  columns: z.array(ColumnName).min(1, "pick at least one column").max(80),
  isDefault: z.boolean().default(false),
});
export type ColumnSet = z.infer<typeof ColumnSet>;

/** Columns: saved column sets per list and report. */
export const ColumnsSettings = z.object({
  sets: z.array(ColumnSet).max(200).refine(
    (sets) => new Set(sets.map((s) => `${s.list}\n${s.name}`)).size === sets.length,
    "set names must be unique within a list",
  ).refine(
    (sets) => {
      const defaults = sets.filter((s) => s.isDefault).map((s) => s.list);
      return new Set(defaults).size === defaults.length;
    },
    "one default set per list",
  ).default([]),
});

/** Public API: whether `Api-Key` requests are accepted at all. */
export const PublicApiSettings = z.object({ enabled: z.boolean().default(true) });

/** Click API: whether `POST /api/click-api/v1` answers. */
export const ClickApiSettings = z.object({ enabled: z.boolean().default(true) });

/** LP protect: landers flagged `protect` open only with a fresh click token. */
export const LpProtectSettings = z.object({
  enabled: z.boolean().default(false),
  tokenLifetimeMinutes: z.number().int().min(1).max(10_080).default(60),
});

/**
 * Traffic quality (decision 165; shown on the LP protect screen): which checks judge a click a
 * bot beyond a declared bot user agent. The campaign's bot policy decides what a verdict does.
 */
export const TrafficQualitySettings = z.object({
  /** A request without an Accept-Language header (browsers always send one) is a bot. */
  emptyHeaders: z.boolean().default(true),
  /** A visitor from a data-centre or hosting network (AWS, Hetzner, …) is a bot. */
  dataCentre: z.boolean().default(true),
  /** More clicks than this from one IP within the window is a bot; 0 turns the check off. */
  ipClickLimit: z.number().int().min(0).max(1_000_000).default(30),
  /** The window of `ipClickLimit`, in seconds. */
  ipWindowSeconds: z.number().int().min(1).max(86_400).default(60),
});

/** Import / export: whether exports carry archived entities. */
export const ImportExportSettings = z.object({ includeArchived: z.boolean().default(true) });

/** Backups (shown on the Import / export screen): scheduled copies of the data folder. */
export const BackupSettings = z.object({
  enabled: z.boolean().default(false),
  /** Hours between two scheduled backups. */
  everyHours: z.number().int().min(1).max(720).default(24),
  /** Newest backups kept in the folder; older ones are deleted after each backup. */
  keep: z.number().int().min(1).max(365).default(7),
  /** An absolute folder on the server; empty: `backups` in the data folder. */
  folder: z.string().trim().max(1000)
    .refine((v) => v === "" || v.startsWith("/"), "must be an absolute path, or empty")
    .default(""),
});

/** The ECB's euro reference rates of the last 90 days. */
export const ECB_DEFAULT_URL = "https://www.ecb.europa.eu/stats/eurofxref/eurofxref-hist-90d.xml";

/** Currency rates: the daily fetch of the ECB's reference rates (decision 162). */
export const EcbRatesSettings = z.object({
  enabled: z.boolean().default(false),
  /** The feed: the ECB's daily, 90-day or full-history XML, or a copy of it. */
  url: z.string().trim().max(2000).refine(isHttpUrl, "must be an http(s) URL")
    .default(ECB_DEFAULT_URL),
  /** The hour of the day (UTC) from which the day's fetch runs. */
  hour: z.number().int().min(0, "must be 0–23").max(23, "must be 0–23").default(16),
});

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** A tracking path name: `/` and up to 64 safe characters. */
export const TrackingPath = z.string().trim().max(64)
  .regex(/^\/[a-z0-9][a-z0-9_-]*(\/[a-z0-9][a-z0-9_-]*)*$/, "must look like /go or /t/click")
  .refine((p) => !RESERVED_PATHS.some((r) => p === r || p.startsWith(`${r}/`)), {
    message: "is used by the panel or the API",
  });

/** Paths no tracking path may take. */
export const RESERVED_PATHS = [
  "/api",
  "/panel",
  "/updates",
  "/lp/files",
  "/pixel.gif",
  "/click/update",
];

/** The default tracking paths, which keep working whatever is chosen. */
export const CANONICAL_PATHS = { click: "/c", landerClick: "/lp/click", postback: "/postback" };

/** URL customization: the click, lander-click and postback path names. */
export const UrlCustomizationSettings = z.object({
  clickPath: TrackingPath.default(CANONICAL_PATHS.click),
  landerClickPath: TrackingPath.default(CANONICAL_PATHS.landerClick),
  postbackPath: TrackingPath.default(CANONICAL_PATHS.postback),
  /** Paths used before (kept by the server on every change, so old links keep working). */
  previous: z.array(z.object({
    path: TrackingPath,
    kind: z.enum(["click", "landerClick", "postback"]),
  })).max(30).default([]),
}).refine(
  (v) => new Set([v.clickPath, v.landerClickPath, v.postbackPath]).size === 3,
  "the three paths must differ",
);

/** Feedback: the address replies go to. */
export const FeedbackSettings = z.object({
  replyTo: z.union([z.literal(""), z.email("must be an e-mail address").max(254)]).default(""),
});

/** Beta features the panel reads. */
export const BetaFlag = z.enum(["compactTables", "keyboardShortcuts"]);
export type BetaFlag = z.infer<typeof BetaFlag>;

/** Beta: feature flags. */
export const BetaSettings = z.object({
  flags: z.partialRecord(BetaFlag, z.boolean()).default({}),
});

/** Every section's schema, by its route name. */
export const SETTINGS_SCHEMAS = {
  "tracking-links": TrackingLinksSettings,
  "auto-clearing": AutoClearingSettings,
  "user": UserProfileSettings,
  "ui": UiSettings,
  "stats": StatsSettings,
  "columns": ColumnsSettings,
  "public-api": PublicApiSettings,
  "click-api": ClickApiSettings,
  "lp-protect": LpProtectSettings,
  "traffic-quality": TrafficQualitySettings,
  "integration": IntegrationSettings,
  "postback-processing": PostbackProcessingSettings,
  "events": EventsSettings,
  "import-export": ImportExportSettings,
  "backups": BackupSettings,
  "ecb-rates": EcbRatesSettings,
  "url-customization": UrlCustomizationSettings,
  "feedback": FeedbackSettings,
  "beta": BetaSettings,
} as const;

/** A settings section's route name. */
export type SettingsSection = keyof typeof SETTINGS_SCHEMAS;
export const SettingsSection = z.enum(
  Object.keys(SETTINGS_SCHEMAS) as [SettingsSection, ...SettingsSection[]],
);

/** A section's stored value. */
export type SettingsValue<S extends SettingsSection> = z.infer<typeof SETTINGS_SCHEMAS[S]>;
