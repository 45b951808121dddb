/**
 * What the click path reads about campaigns, traffic sources, offers, landers
 * and networks, held in memory and built on first use (DESIGN §4: "find
 * campaign by key (in-memory, invalidated on change)"). Everything is dropped
 * when an entity write commits in this process (`entityVersion`) or when
 * another process writes the database: on SQLite `PRAGMA data_version`, polled
 * at most once a second; on PostgreSQL another node's write to a table read
 * here, notified (`changesOf`, decision 172 "Several nodes": one atomic read a
 * look, the click never waits on the database). A change in the panel applies
 * to the next click.
 */
import { Campaign, type Destination } from "../../contracts/campaign.ts";
import type { Flow, Path } from "../../contracts/flow.ts";
import { changesOf, type Db } from "../db/connection.ts";
import type { ChangeFeed } from "../db/pg/changes.ts";
import { entityVersion } from "../db/entity_version.ts";
import { getStatsSettings, onSectionWritten, readSection } from "../settings/sections.ts";
import { defaultTrackingDomainId } from "../domains/default_tracking.ts";
import type { QualitySettings } from "./quality.ts";
import { parseCidr } from "./ip.ts";
import type {
  CampaignRuntime,
  LandingRuntime,
  NetworkRuntime,
  OfferRuntime,
  SourceRuntime,
  Target,
} from "./runtime_types.ts";

/** How deep campaign → campaign links are followed before giving up (loops end sooner). */
const MAX_CAMPAIGN_HOPS = 10;

const json = (value: unknown) => JSON.parse(String(value));

/** The value cached under `key`, loaded and kept (a miss too, as null) on first sight. */
function cached<K, V>(map: Map<K, V | null>, key: K, load: () => V | null): V | null {
  let found = map.get(key);
  if (found === undefined) {
    found = load();
    map.set(key, found);
  }
  return found;
}

/** The tables what is cached here is read from (a notified write to one drops it all; `*`: any). */
const CACHED_TABLES = new Set([
  "campaigns",
  "offers",
  "landings",
  "affiliate_networks",
  "traffic_sources",
  "rotations",
  "domains",
  "users",
  "settings",
  "*",
]);

/** The in-memory entity cache of one database. */
export class EntityCache {
  #version = -1;
  #dataVersion = -1;
  #checkedAt = 0;
  #byKey = new Map<string, CampaignRuntime | null>();
  #byId = new Map<number, CampaignRuntime | null>();
  #offers = new Map<number, OfferRuntime | null>();
  #landings = new Map<number, LandingRuntime | null>();
  #networks = new Map<number, NetworkRuntime | null>();
  #sources = new Map<number, SourceRuntime | null>();
  #trackerZone: string | null = null;
  #quality: QualitySettings | null = null;
  #unsubscribe: () => void;
  /** PostgreSQL: other nodes' writes; set when one touched a cached table. */
  readonly #feed: ChangeFeed | null;
  #notified = false;
  #unlisten: () => void = () => {};

  constructor(readonly db: Db) {
    // The owner's report zone is read again after any settings write (a rare event).
    this.#unsubscribe = onSectionWritten(() => this.clear());
    this.#feed = changesOf(db);
    if (this.#feed) {
      this.#unlisten = this.#feed.onChange((table) => {
        if (CACHED_TABLES.has(table)) this.#notified = true;
      });
    }
  }

  /** Stops listening for settings writes (the engine closes). */
  close(): void {
    this.#unsubscribe();
    this.#unlisten();
  }

  /**
   * The tracker's report time zone (decision 121): the Settings → Stats zone of
   * the owner, the first super-admin; UTC before there is one.
   */
  trackerTimeZone(): string {
    this.#fresh();
    if (this.#trackerZone === null) {
      const owner = this.db.prepare(
        "SELECT id FROM users WHERE role = 'super-admin' AND archived = 0 ORDER BY id LIMIT 1",
      ).get();
      this.#trackerZone = owner ? getStatsSettings(this.db, Number(owner.id)).timezone : "UTC";
    }
    return this.#trackerZone;
  }

  /**
   * Settings → Traffic quality, read again after any settings write. The click asks right
   * after `campaignByKey`, which has just checked the cache is fresh.
   */
  qualitySettings(): QualitySettings {
    return this.#quality ??= readSection(this.db, "traffic-quality");
  }

  /** Drops everything when the entities may have changed. */
  #fresh(): void {
    const version = entityVersion(this.db);
    let stale = version !== this.#version;
    // Another process's writes: PostgreSQL notifies them, SQLite's data version counts them.
    if (this.#feed) {
      this.#feed.poll();
      stale ||= this.#notified;
      this.#notified = false;
    } else if (Date.now() - this.#checkedAt >= 1000) {
      this.#checkedAt = Date.now();
      const dv = Number(this.db.prepare("PRAGMA data_version").get()?.data_version ?? 0);
      if (dv !== this.#dataVersion) stale = true;
      this.#dataVersion = dv;
    }
    if (!stale) return;
    this.#version = version;
    this.clear();
  }

  /** Forgets every cached entity. */
  clear(): void {
    this.#byKey.clear();
    this.#byId.clear();
    this.#offers.clear();
    this.#landings.clear();
    this.#networks.clear();
    this.#sources.clear();
    this.#trackerZone = null;
    this.#quality = null;
  }

  /** The campaign with public key `key` (archived ones are unknown). */
  campaignByKey(key: string): CampaignRuntime | null {
    this.#fresh();
    return cached(this.#byKey, key, () => {
      const row = this.db.prepare("SELECT id FROM campaigns WHERE key = ? AND archived = 0")
        .get(key);
      return row ? this.#campaign(Number(row.id)) : null;
    });
  }

  /** The campaign with `id`, archived or not (old clicks still need theirs). */
  campaignById(id: number): CampaignRuntime | null {
    this.#fresh();
    return this.#campaign(id);
  }

  #campaign(id: number): CampaignRuntime | null {
    return cached(this.#byId, id, () => this.#loadCampaign(id));
  }

  #loadCampaign(id: number): CampaignRuntime | null {
    const row = this.db.prepare("SELECT * FROM campaigns WHERE id = ?").get(id);
    if (!row) return null;
    const sourceId = row.traffic_source_id === null ? null : Number(row.traffic_source_id);
    return {
      id,
      key: String(row.key),
      active: row.status === "active" && Number(row.archived) === 0,
      costModel: row.cost_model as Campaign["costModel"],
      costValue: Number(row.cost_value),
      costCurrency: String(row.cost_currency),
      redirectMode: row.redirect_mode as Campaign["redirectMode"],
      boundHost: Number(row.domain_only) === 1 ? this.#boundHost(row.domain_id) : null,
      uniquenessMs: Number(row.uniqueness_hours) * 3_600_000,
      botPolicy: row.bot_policy as Campaign["botPolicy"],
      timeZone: String(row.time_zone ?? "") || this.trackerTimeZone(),
      postbackUrl: String(row.postback_url),
      source: sourceId === null ? null : this.source(sourceId),
      target: this.#target(json(row.destination) as Destination, [id]),
    };
  }

  /** The campaign's domain, else the default tracking domain ("" binds to no host at all). */
  #boundHost(domainId: unknown): string {
    // The same default as the campaign's link (Settings → Tracking links, else Domains).
    const id = domainId === null ? defaultTrackingDomainId(this.db) : Number(domainId);
    const row = id === null
      ? undefined
      : this.db.prepare("SELECT host FROM domains WHERE id = ?").get(id);
    return row ? String(row.host) : "";
  }

  #target(destination: Destination, seen: number[]): Target {
    switch (destination.type) {
      case "url":
        return { kind: "url", url: destination.url };
      case "flow":
        return this.#flowTarget(destination.flow, null);
      case "rotation": {
        const row = this.db.prepare("SELECT rules, default_paths FROM rotations WHERE id = ?")
          .get(destination.rotationId);
        if (!row) return { kind: "broken", reason: `rotation ${destination.rotationId} is gone` };
        const flow = { rules: json(row.rules), defaultPaths: json(row.default_paths) };
        return this.#flowTarget(flow, destination.rotationId);
      }
      case "campaign": {
        const next = destination.campaignId;
        if (seen.includes(next) || seen.length > MAX_CAMPAIGN_HOPS) {
          return { kind: "broken", reason: `campaign loop ${[...seen, next].join(" → ")}` };
        }
        const row = this.db.prepare("SELECT destination, status FROM campaigns WHERE id = ?")
          .get(next);
        if (!row) return { kind: "broken", reason: `campaign ${next} is gone` };
        if (row.status !== "active") {
          return { kind: "broken", reason: `campaign ${next} is paused` };
        }
        return this.#target(json(row.destination) as Destination, [...seen, next]);
      }
    }
  }

  #flowTarget(flow: Flow, rotationId: number | null): Target {
    const free = (paths: readonly Path[]) =>
      paths.every((path) =>
        path.offers.every((o) => {
          const offer = this.offer(o.offerId);
          return offer !== null && offer.dailyCap === null && offer.country === "";
        })
      );
    const freeOffers = flow.rules.every((rule) => free(rule.paths)) && free(flow.defaultPaths);
    return { kind: "flow", flow, rotationId, freeOffers };
  }

  /** A traffic source by id. */
  source(id: number): SourceRuntime | null {
    return cached(this.#sources, id, () => {
      const row = this.db.prepare("SELECT * FROM traffic_sources WHERE id = ?").get(id);
      return row
        ? {
          id,
          tokenParams: (json(row.tokens) as { param: string }[]).map((t) => t.param),
          externalIdParam: json(row.external_id_param).param,
          costParam: json(row.cost_param).param,
          postbackUrl: String(row.postback_url),
          postbackStatuses: json(row.postback_statuses),
          postbackEvents: json(row.postback_events ?? "[]"),
          postbackPercent: Number(row.postback_percent),
          payoutPercent: Number(row.payout_percent),
        }
        : null;
    });
  }

  /** An offer by id, with its network. */
  offer(id: number): OfferRuntime | null {
    this.#fresh();
    return cached(this.#offers, id, () => {
      const row = this.db.prepare("SELECT * FROM offers WHERE id = ?").get(id);
      const network = row?.affiliate_network_id == null
        ? null
        : this.#network(Number(row.affiliate_network_id));
      return row
        ? {
          id,
          url: wrapOfferUrl(String(row.url), network ? this.#offerTemplate(network.id) : ""),
          payoutMode: row.payout_mode as "fixed" | "auto",
          payout: Number(row.payout),
          currency: String(row.currency),
          upsell: Number(row.upsell) === 1,
          dailyCap: row.daily_cap === null ? null : Number(row.daily_cap),
          capFallbackOfferId: row.cap_fallback_offer_id === null
            ? null
            : Number(row.cap_fallback_offer_id),
          country: String(row.country ?? ""),
          network,
        }
        : null;
    });
  }

  #offerTemplate(networkId: number): string {
    const row = this.db.prepare("SELECT offer_url_template FROM affiliate_networks WHERE id = ?")
      .get(networkId);
    return String(row?.offer_url_template ?? "");
  }

  #network(id: number): NetworkRuntime | null {
    return cached(this.#networks, id, () => {
      const row = this.db.prepare("SELECT * FROM affiliate_networks WHERE id = ?").get(id);
      return row
        ? {
          id,
          token: String(row.postback_token),
          currency: String(row.currency),
          allowlist: (json(row.postback_ip_allowlist) as string[])
            .flatMap((c) => parseCidr(c) ?? []),
          statusMap: new Map(
            Object.entries(json(row.status_map) as Record<string, string>)
              .map(([k, v]) => [k.toLowerCase(), v]),
          ),
        }
        : null;
    });
  }

  /** A lander by id. */
  landing(id: number): LandingRuntime | null {
    this.#fresh();
    return cached(this.#landings, id, () => {
      const row = this.db.prepare("SELECT url, offer_count FROM landings WHERE id = ?").get(id);
      return row ? { id, url: String(row.url), offerCount: Number(row.offer_count) } : null;
    });
  }
}

/**
 * The offer URL inside the network's template (`{offer_url}?sub1={clickid}`):
 * the template's `?` becomes `&` when the offer URL has a query, its `&` becomes
 * `?` when it has none (else the click id lands in the path), and what it adds
 * goes before the offer URL's fragment, which the browser never sends.
 */
export function wrapOfferUrl(offerUrl: string, template: string): string {
  if (!template.startsWith("{offer_url}")) return offerUrl;
  const hash = offerUrl.indexOf("#");
  const base = hash < 0 ? offerUrl : offerUrl.slice(0, hash);
  const fragment = hash < 0 ? "" : offerUrl.slice(hash);
  let rest = template.slice("{offer_url}".length);
  const hasQuery = base.includes("?");
  if (rest.startsWith("?") && hasQuery) rest = `&${rest.slice(1)}`;
  else if (rest.startsWith("&") && !hasQuery) rest = `?${rest.slice(1)}`;
  return base + rest + fragment;
}
