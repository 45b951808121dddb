/**
 * Triggers (issue 15): rules that watch report figures (or URLs) over a
 * sliding window and act — notify, pause a campaign, take an offer or lander
 * out of rotation, set a path's weight, block a token value. The scheduler
 * checks each one every `checkEveryMinutes` and fires at most once per
 * `cooldownMinutes` for each subject it watches.
 */
import { z } from "zod";
import { CidrList, EntityBase, EntityInputBase, Id, toPatch } from "./fields.ts";
import { Weight } from "./flow.ts";
import { FormulaError, parseFormula } from "./formula.ts";
import { METRIC_BY_NAME } from "./report.ts";
import { FormulaColumn } from "./report_query.ts";

/** What a trigger watches: every (or the listed) entity of one type, or one campaign's tokens. */
export const ScopeType = z.enum([
  "campaign",
  "offer",
  "landing",
  "traffic-source",
  "affiliate-network",
  "token",
  "pages",
]);
export type ScopeType = z.infer<typeof ScopeType>;

/** The panel's words for each scope type. */
export const SCOPE_LABELS: Readonly<Record<ScopeType, string>> = {
  campaign: "Campaigns",
  offer: "Offers",
  landing: "Landers",
  "traffic-source": "Traffic sources",
  "affiliate-network": "Affiliate networks",
  token: "A campaign's token values",
  pages: "Landers and offers (URL checks)",
};

/** A token key: t1…t30. */
export const TokenKey = z.string().regex(/^t([1-9]|[12]\d|30)$/, "must be t1…t30");

/** The scope: `ids` empty means every live item of the type. */
export const Scope = z.object({
  type: ScopeType,
  ids: z.array(Id).max(500).default([]),
  /** For `token`: the campaign whose clicks are grouped by the token. */
  campaignId: Id.nullable().default(null),
  token: TokenKey.nullable().default(null),
});
export type Scope = z.infer<typeof Scope>;

/** A sliding window ending at the check: the last N minutes, hours or days (at most 90 days). */
export const Window = z.object({
  amount: z.number().int().min(1).max(2160),
  unit: z.enum(["minutes", "hours", "days"]),
}).refine((w) => windowMs(w) <= 90 * 86_400_000, "must be at most 90 days");
export type Window = z.infer<typeof Window>;

const UNIT_MS = { minutes: 60_000, hours: 3_600_000, days: 86_400_000 } as const;

/** A window's length in ms. */
export function windowMs(w: { amount: number; unit: keyof typeof UNIT_MS }): number {
  return w.amount * UNIT_MS[w.unit];
}

/** Comparison operators. */
export const CompareOp = z.enum([">=", ">", "<=", "<", "=", "!="]);
export type CompareOp = z.infer<typeof CompareOp>;

/** `metric op value` over the window; `previous`: the % change against the window before. */
export const MetricCondition = z.object({
  kind: z.literal("metric"),
  /** A report metric, or one of this trigger's formula columns. */
  metric: z.string().min(1).max(64),
  window: Window,
  compare: z.enum(["value", "previous"]).default("value"),
  op: CompareOp,
  value: z.number().min(-1e12).max(1e12),
});

/** No postback (any conversion) in the window while clicks reached `minClicks`. */
export const NoPostbacksCondition = z.object({
  kind: z.literal("noPostbacks"),
  window: Window,
  minClicks: z.number().int().min(1).max(1e9),
});

/** The page does not answer 2xx/3xx, or (when set) its body lacks `mustContain`. */
export const UrlDownCondition = z.object({
  kind: z.literal("urlDown"),
  mustContain: z.string().max(500).default(""),
});

/** One condition. */
export const Condition = z.discriminatedUnion("kind", [
  MetricCondition,
  NoPostbacksCondition,
  UrlDownCondition,
]);
export type Condition = z.infer<typeof Condition>;

/** Where a notification goes. */
export const Channel = z.enum(["panel", "webhook", "telegram", "email"]);
export type Channel = z.infer<typeof Channel>;

/** One action taken for each subject the conditions hold for. */
export const Action = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("notify"), channels: z.array(Channel).min(1).max(4) }),
  /** Pauses the campaign (campaign scope) or the token scope's campaign. */
  z.object({ kind: z.literal("pauseCampaign") }),
  /** Weight 0 for the offer or lander in every flow that uses it. */
  z.object({ kind: z.literal("removeFromRotation") }),
  /** Sets one path's weight; `rule` -1 is the default paths. */
  z.object({
    kind: z.literal("setPathWeight"),
    owner: z.enum(["campaign", "rotation"]),
    ownerId: Id,
    rule: z.number().int().min(-1).max(99),
    path: z.number().int().min(0).max(49),
    weight: Weight,
  }),
  /** Adds the token value to the campaign's block rule, which sends it to `offerId`. */
  z.object({ kind: z.literal("blockToken"), offerId: Id }),
]);
export type Action = z.infer<typeof Action>;

/** The panel's words for each action. */
export const ACTION_LABELS: Readonly<Record<Action["kind"], string>> = {
  notify: "Notify",
  pauseCampaign: "Pause the campaign",
  removeFromRotation: "Take out of rotation (weight 0)",
  setPathWeight: "Set a path's weight",
  blockToken: "Block the token value",
};

/** Which scopes an action or condition applies to. */
export const ACTION_SCOPES: Readonly<Record<Action["kind"], readonly ScopeType[] | null>> = {
  notify: null,
  pauseCampaign: ["campaign", "token"],
  removeFromRotation: ["offer", "landing", "pages"],
  setPathWeight: null,
  blockToken: ["token"],
};

const TriggerFields = EntityInputBase.extend({
  enabled: z.boolean().default(true),
  scope: Scope,
  /** Every condition must hold (`all`), or at least one (`any`). */
  logic: z.enum(["all", "any"]).default("all"),
  conditions: z.array(Condition).min(1, "add at least one condition").max(10),
  /** Metric conditions hold only when the window has at least this many clicks. */
  minClicks: z.number().int().min(0).max(1e9).default(0),
  formulas: z.array(FormulaColumn).max(10).default([]),
  actions: z.array(Action).min(1, "add at least one action").max(10),
  checkEveryMinutes: z.number().int().min(1).max(1440).default(5),
  cooldownMinutes: z.number().int().min(1).max(43_200).default(60),
});

type Fields = z.infer<typeof TriggerFields>;

/** What a formula column may read: the report's metrics. */
const FORMULA_NAMES: ReadonlySet<string> = new Set(METRIC_BY_NAME.keys());

function checkTrigger(t: Fields, ctx: z.RefinementCtx): void {
  const issue = (path: (string | number)[], message: string) =>
    ctx.addIssue({ code: "custom", path, message });
  const type = t.scope.type;
  if (type === "token" && (t.scope.campaignId === null || t.scope.token === null)) {
    issue(["scope", "campaignId"], "a token scope needs a campaign and a token");
  }
  if ((type === "token" || type === "pages") && t.scope.ids.length > 0) {
    issue(["scope", "ids"], "this scope takes no list of items");
  }
  const formulas = new Set(t.formulas.map((f) => f.name));
  // A formula that does not parse would fail every check, and the trigger would never fire.
  t.formulas.forEach((f, i) => {
    try {
      parseFormula(f.expr, FORMULA_NAMES);
    } catch (e) {
      if (!(e instanceof FormulaError)) throw e;
      issue(["formulas", i, "expr"], e.message);
    }
  });
  t.conditions.forEach((c, i) => {
    if (c.kind === "metric" && !METRIC_BY_NAME.has(c.metric) && !formulas.has(c.metric)) {
      issue(["conditions", i, "metric"], `'${c.metric}' is not a metric or a formula column`);
    }
    if (c.kind === "urlDown" && !["offer", "landing", "pages"].includes(type)) {
      issue(["conditions", i, "kind"], "URL checks apply to offers and landers");
    }
    if (c.kind !== "urlDown" && type === "pages") {
      issue(["conditions", i, "kind"], "this scope takes URL checks only");
    }
  });
  t.actions.forEach((a, i) => {
    const allowed = ACTION_SCOPES[a.kind];
    if (allowed && !allowed.includes(type)) {
      issue(["actions", i, "kind"], `'${ACTION_LABELS[a.kind]}' does not apply to this scope`);
    }
  });
}

/** `POST /api/triggers`. */
export const TriggerInput = TriggerFields.superRefine(checkTrigger);
export type TriggerInput = z.infer<typeof TriggerInput>;

/** `PATCH /api/triggers/:id`. */
export const TriggerPatch = toPatch(TriggerFields);
export type TriggerPatch = z.infer<typeof TriggerPatch>;

/** A trigger as the API answers it. */
export const Trigger = EntityBase.extend(TriggerFields.shape);
export type Trigger = z.infer<typeof Trigger>;

/** One figure set that fired a trigger, by condition. */
export const Firing = z.object({
  subject: z.string(),
  label: z.string(),
  /** Why, in words: "cost 25 ≥ 20 and conversions 0 = 0". */
  why: z.string(),
  figures: z.record(z.string(), z.number()),
});
export type Firing = z.infer<typeof Firing>;

/** `POST /api/triggers/dry-run` answer: when it would have fired over the last 7 days. */
export const DryRunAnswer = z.object({
  from: z.number(),
  to: z.number(),
  stepMinutes: z.number(),
  fires: z.array(Firing.extend({ ts: z.number() })),
  /** Conditions stored data cannot replay (URL checks). */
  skipped: z.array(z.string()),
});
export type DryRunAnswer = z.infer<typeof DryRunAnswer>;

/** One entity value an action changed: fields before and after. */
export const ActionChange = z.object({
  table: z.enum(["campaigns", "rotations"]),
  id: Id,
  label: z.string(),
  before: z.record(z.string(), z.unknown()),
  after: z.record(z.string(), z.unknown()),
});
export type ActionChange = z.infer<typeof ActionChange>;

/** One recorded action: what, when, why, the figures, and how to undo it. */
export const ActionRecord = z.object({
  id: Id,
  ts: z.number(),
  triggerId: Id,
  triggerName: z.string(),
  kind: z.enum(["notify", "pauseCampaign", "removeFromRotation", "setPathWeight", "blockToken"]),
  subject: z.string(),
  label: z.string(),
  why: z.string(),
  figures: z.record(z.string(), z.number()),
  changes: z.array(ActionChange),
  /** What failed (a channel that did not answer, a campaign without a flow); "" when none. */
  error: z.string(),
  undoneAt: z.number().nullable(),
  /** Who undid it (a user's name). */
  undoneBy: z.string().nullable(),
});
export type ActionRecord = z.infer<typeof ActionRecord>;

/** `GET /api/triggers/history`. */
export const HistoryQuery = z.object({
  triggerId: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

/** `GET /api/triggers/history` answer. */
export const HistoryAnswer = z.object({ items: z.array(ActionRecord) });

/** `POST /api/triggers/:id/check` answer: what fired now. */
export const CheckAnswer = z.object({ fired: z.array(Firing), skipped: z.array(z.string()) });
export type CheckAnswer = z.infer<typeof CheckAnswer>;

/** One in-panel notification. */
export const Notification = z.object({
  id: Id,
  ts: z.number(),
  triggerId: Id.nullable(),
  title: z.string(),
  body: z.string(),
  read: z.boolean(),
});
export type Notification = z.infer<typeof Notification>;

/** `GET /api/notifications` answer. */
export const NotificationsAnswer = z.object({
  items: z.array(Notification),
  unread: z.number().int(),
});

/** `GET /api/notifications?limit=`: the newest notifications. */
export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * `POST /api/notifications/read`: the `ids`; or every one up to `upTo`, the
 * newest id the panel has shown (what arrived after it, which the user has not
 * seen, stays unread); or, with neither, every one (kept for API callers from
 * before `upTo`: the panel always sends it).
 */
export const MarkReadInput = z.object({
  ids: z.array(Id).max(1000).optional(),
  upTo: Id.optional(),
}).refine((v) => !(v.ids && v.upTo !== undefined), {
  path: ["upTo"],
  message: "must not be sent with ids (upTo bounds marking all)",
});

const Secret = z.string().max(500);

/** What the API answers in place of a stored secret; sent back, it keeps the secret. */
export const SECRET_MASK = "********";

/** What a bad SMTP port says, whatever is wrong with it (zod's own words name no range). */
const PORT_MESSAGE = "must be a port from 1 to 65535";

/** A TCP port, with the one message for every way it can be wrong. */
const Port = z.number({ error: PORT_MESSAGE }).int(PORT_MESSAGE).min(1, PORT_MESSAGE)
  .max(65535, PORT_MESSAGE);

/**
 * Where notifications go, and which internal addresses outgoing calls may
 * reach (`allowlist`, CIDRs; empty: public addresses only). Secrets are never
 * answered: the answer says whether each is set, and an absent one is kept.
 */
export const ChannelSettings = z.object({
  allowlist: CidrList.max(50).default([]),
  webhook: z.object({
    url: z.union([z.literal(""), z.url({ protocol: /^https?$/ })]).default(""),
    secret: Secret.default(""),
  }).default({ url: "", secret: "" }),
  telegram: z.object({
    apiBase: z.url({ protocol: /^https?$/ }).default("https://api.telegram.org"),
    botToken: Secret.default(""),
    chatId: z.string().max(64).default(""),
  }).default({ apiBase: "https://api.telegram.org", botToken: "", chatId: "" }),
  email: z.object({
    host: z.string().trim().max(255).default(""),
    port: Port.default(587),
    tls: z.enum(["none", "starttls", "tls"]).default("starttls"),
    user: z.string().max(255).default(""),
    password: Secret.default(""),
    from: z.string().trim().max(255).default(""),
    to: z.string().trim().max(1000).default(""),
  }).default({
    host: "",
    port: 587,
    tls: "starttls",
    user: "",
    password: "",
    from: "",
    to: "",
  }),
});
export type ChannelSettings = z.infer<typeof ChannelSettings>;

/** A channel that can be sent a test message (the panel's centre needs none). */
export const TestableChannel = z.enum(["webhook", "telegram", "email"]);

/**
 * "Send a test": the channel, and the settings as the form holds them (a masked
 * secret stands for the stored one), so a channel can be checked before it is saved.
 */
export const ChannelTestInput = z.object({
  channel: TestableChannel,
  settings: ChannelSettings,
});
export type ChannelTestInput = z.infer<typeof ChannelTestInput>;

/** Whether the test message went out, and why not. */
export const ChannelTestAnswer = z.object({
  ok: z.boolean(),
  error: z.string().nullable(),
});
export type ChannelTestAnswer = z.infer<typeof ChannelTestAnswer>;
