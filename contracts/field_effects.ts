/**
 * Every saveable field of every entity contract and settings section, and
 * the test that shows its effect (issue 12: "every field the panel lets you
 * save changes behaviour, and a test through HTTP proves it").
 * `contracts/field_effects_test.ts` fails when a field of a contract is
 * missing here or a named test does not exist in the tree.
 *
 * - `test`: the name of a `Deno.test` or `t.step` that shows the field's effect.
 * - `display`: shown or used for organising only (names, notes), and why.
 * - `gap`: saved but with no proven effect yet — a known defect, said plainly.
 */

/** How one field's effect is shown. */
export type FieldEffect = { test: string } | { display: string } | { gap: string };

const NAME: FieldEffect = { display: "a label in lists, pickers and reports" };
const NOTES: FieldEffect = { display: "free text for the operator" };
const GROUP: FieldEffect = { test: "lists: search, group filter, sort and paging" };
const COMMON = { name: NAME, groupId: GROUP, notes: NOTES };

/** Entity contracts (their create inputs), by subject. */
export const ENTITY_FIELD_EFFECTS: Record<string, Record<string, FieldEffect>> = {
  "campaign": {
    ...COMMON,
    trafficSourceId: {
      test:
        "click: an active campaign answers 302 to the offer with macros, after storing the click",
    },
    domainId: { test: "a campaign's link is on the default tracking domain, https" },
    domainOnly: { test: "domains: a campaign bound to its domain answers 404 on other hosts" },
    costModel: { test: "click: cost models" },
    costValue: { test: "click: cost models" },
    costCurrency: {
      test: "currency: a campaign's cost currency is its clicks' and reports convert it",
    },
    destination: { test: "click: rules, landers, rotations and campaign links" },
    redirectMode: {
      test: "redirect modes: 302, meta refresh and double meta refresh answer as chosen",
    },
    uniquenessHours: { test: "click: uniqueness per campaign within uniquenessHours" },
    botPolicy: { test: "traffic quality: the bot policy applies to every verdict" },
    postbackUrl: {
      test:
        "S2S: the source's postback is sent with macros, per status, payout % and campaign override",
    },
    status: { test: "paused (the cache sees the change at once)" },
    timeZone: { test: "rules: weekday and hour run in the campaign's time zone" },
  },
  "offer": {
    ...COMMON,
    url: {
      test:
        "click: an active campaign answers 302 to the offer with macros, after storing the click",
    },
    affiliateNetworkId: { test: "wrong or missing token → 403" },
    payoutMode: { test: "upsell offers add up; auto payout comes from the postback" },
    payout: { test: "postback: records a conversion once; a repeated txid counts once" },
    currency: { test: "no payout sent: the offer's payout in the offer's currency" },
    country: {
      test:
        "offer country: an offer is skipped for visitors from other countries; redirect and lander click-through obey",
    },
    upsell: { test: "upsell offers add up; auto payout comes from the postback" },
    dailyCap: {
      test: "offer caps: after N conversions today the offer's share goes to its fallback",
    },
    capFallbackOfferId: {
      test: "offer caps: after N conversions today the offer's share goes to its fallback",
    },
  },
  "landing": {
    ...COMMON,
    url: { test: "the matching rule's lander, then /lp/click to the Nth offer" },
    offerCount: {
      test: "offer=N beyond the lander's offerCount is not a link of it: the click's offer",
    },
    protect: { test: "LP protect: a protected hosted lander opens only through a recent click" },
  },
  "traffic-source": {
    ...COMMON,
    externalIdParam: {
      test:
        "S2S: the source's postback is sent with macros, per status, payout % and campaign override",
    },
    costParam: { test: "auto from the cost parameter" },
    tokens: {
      test:
        "click: an active campaign answers 302 to the offer with macros, after storing the click",
    },
    postbackUrl: {
      test:
        "S2S: the source's postback is sent with macros, per status, payout % and campaign override",
    },
    postbackStatuses: { test: "a status the source does not take is skipped" },
    postbackEvents: {
      test:
        "events: a source forwards only the events it lists, to the event's own URL with {event}",
    },
    postbackPercent: {
      test:
        "S2S: the source's postback is sent with macros, per status, payout % and campaign override",
    },
    payoutPercent: { test: "a sale is sent, payout at 50%" },
  },
  "affiliate-network": {
    ...COMMON,
    offerUrlTemplate: {
      test:
        "click: an active campaign answers 302 to the offer with macros, after storing the click",
    },
    postbackToken: { test: "wrong or missing token → 403" },
    postbackIpAllowlist: { test: "an address outside the allowlist → 403" },
    statusMap: { test: "postback: status map, replacement and upsells" },
    currency: { test: "an auto payout sent without a currency is in the network's currency" },
  },
  "domain": {
    ...COMMON,
    groupId: { test: "groups: groups and domains are not grouped themselves" },
    host: { test: "bound to its domain: only that host clicks" },
    isDefault: { test: "the domain marked default on Domains is used, with https" },
    purpose: { test: "the domain marked default on Domains is used, with https" },
    rootCampaignId: { test: "domains: a domain's root address is its root campaign's click" },
  },
  "rotation": {
    ...COMMON,
    rules: { test: "click: rules, landers, rotations and campaign links" },
    defaultPaths: { test: "the default path elsewhere" },
  },
  "trigger": {
    ...COMMON,
    enabled: {
      test: "triggers: clone makes a '(copy)'; an archived trigger is not checked until restored",
    },
    scope: { test: "triggers: a scope lists its items; others are not watched" },
    logic: {
      test: "triggers: a conversion keeps the spend trigger quiet; `any` logic fires on either",
    },
    conditions: {
      test:
        "triggers: cost ≥ 20 with no conversions over 6 h fires, with the figures, and not before",
    },
    minClicks: { test: "triggers: the minimum-clicks guard holds metric conditions back" },
    formulas: { test: "triggers: a formula column is a metric like any other" },
    actions: { test: "trigger actions: pause the campaign, recorded, undone from the history" },
    checkEveryMinutes: {
      test:
        "trigger scheduler: checks each interval, fires once per cooldown, across a restart and two processes",
    },
    cooldownMinutes: { test: "trigger actions: once per cooldown per subject; again after it" },
  },
  "group": {
    ...COMMON,
    groupId: { test: "groups: groups and domains are not grouped themselves" },
    type: { test: "a group of the wrong type, and an archived group" },
  },
  "user": {
    username: { test: "sign-in: right credentials set an HttpOnly SameSite=Lax session cookie" },
    password: { test: "users: anyone signed in changes their own password with the current one" },
    role: { test: "users: an admin cannot change, archive or make a super-admin" },
    permissions: {
      test:
        "permissions: every entity route × anonymous, no right, read, write, admin, super-admin",
    },
    hideProfit: { test: "report: a hide-profit user gets no revenue, profit, ROI or EPC" },
    disabled: { test: "users: disabling or archiving ends the user's sessions and stops sign-in" },
    notes: NOTES,
  },
};

/** Settings sections' fields, by section route name. */
export const SETTINGS_FIELD_EFFECTS: Record<string, Record<string, FieldEffect>> = {
  "tracking-links": {
    domainId: { test: "a domain chosen in Settings wins over the Domains default" },
    scheme: { test: "the links' scheme is the one chosen in Settings → Tracking links" },
  },
  "auto-clearing": {
    enabled: { test: "auto-clearing: removes only old, unconverted clicks outside the exceptions" },
    keepDays: {
      test: "auto-clearing: removes only old, unconverted clicks outside the exceptions",
    },
    exceptions: {
      test: "auto-clearing: removes only old, unconverted clicks outside the exceptions",
    },
  },
  "traffic-quality": {
    emptyHeaders: {
      test:
        "traffic quality: each setting changes the verdict — headers, data centre, IP limit and window",
    },
    dataCentre: {
      test:
        "traffic quality: each setting changes the verdict — headers, data centre, IP limit and window",
    },
    ipClickLimit: {
      test:
        "traffic quality: each setting changes the verdict — headers, data centre, IP limit and window",
    },
    ipWindowSeconds: {
      test:
        "traffic quality: each setting changes the verdict — headers, data centre, IP limit and window",
    },
  },
  "backups": {
    enabled: { test: "backups: every saved field acts — enabled, every N hours, keep N, folder" },
    everyHours: {
      test: "backups: every saved field acts — enabled, every N hours, keep N, folder",
    },
    keep: { test: "backups: every saved field acts — enabled, every N hours, keep N, folder" },
    folder: { test: "backups: every saved field acts — enabled, every N hours, keep N, folder" },
  },
  "ecb-rates": {
    enabled: { test: "ECB schedule: nothing is fetched while the fetch is off" },
    url: { test: "ECB schedule: the URL saved is the one fetched" },
    hour: { test: "ECB schedule: once a UTC day, from the hour saved" },
  },
  "user": {
    displayName: { display: "the name shown for the signed-in user" },
    email: { display: "a contact address kept with the profile; nothing is mailed" },
    timezone: { test: "a list's presets and tz follow the user's zone" },
  },
  "ui": {
    theme: { test: "theme persists across a reload" },
    colorScheme: {
      test: "browser: a font and colour scheme chosen in Settings → UI stay applied after reload",
    },
    font: {
      test: "browser: a font and colour scheme chosen in Settings → UI stay applied after reload",
    },
    fontSizeDelta: { test: "appearance: the font-size delta is clamped to -10..10 px" },
  },
  "stats": {
    timezone: {
      test: "report: days follow the time zone (23:30 UTC is tomorrow in UTC+2, today in UTC−5)",
    },
    currency: { test: "money: list stats and reports show the stats currency" },
  },
  "columns": {
    sets: {
      test: "browser: column sets saved on the campaigns list follow the user to a fresh browser",
    },
  },
  "public-api": {
    enabled: {
      test: "settings: public-api keys are shown once and the switch turns key access off",
    },
  },
  "click-api": {
    enabled: { test: "settings: the click API switch and click-only keys" },
  },
  "lp-protect": {
    enabled: { test: "LP protect switched off → 200 for everyone" },
    tokenLifetimeMinutes: { test: "a longer lifetime lets the older click in" },
  },
  "integration": {
    trafficSources: { test: "a traffic source created from the PropellerAds template" },
    affiliateNetworks: { test: "a network template shows the network's own postback macros" },
    hidden: {
      test: "settings: integration templates list built-ins and custom ones, hidden ones left out",
    },
  },
  "postback-processing": {
    statusAliases: {
      test: "postback settings: status aliases map what the network's map does not",
    },
    duplicatePolicy: {
      test: "postback settings: the duplicate policy decides a second conversion of a click",
    },
    ipAllowlist: {
      test: "postback settings: the default IP allowlist guards networks without their own",
    },
  },
  "events": {
    types: {
      test:
        "events: a postback whose status the network maps to ftd records an ftd with its payout",
    },
    clickUpdateKey: {
      test: "click update: a key set in Settings → Postback processing → Events is asked for",
    },
  },
  "import-export": {
    includeArchived: {
      test: "archived rows are exported by default and left out when switched off",
    },
  },
  "url-customization": {
    clickPath: { test: "the custom click path redirects like /c" },
    landerClickPath: {
      test: "url customization: custom paths reach the tracking routes, old links keep working",
    },
    postbackPath: { test: "the custom postback path records the conversion" },
    previous: { test: "renamed again, the path given up still works" },
  },
  "feedback": {
    replyTo: { display: "the address stored with a feedback message for the reply" },
  },
  "beta": {
    flags: { test: "browser: beta flags saved in Settings change the panel for the next load" },
  },
};
