/** A saved campaign's tracking link (`<origin>/c/<key>` plus the source's params) with a copy button. */
import { Domain } from "../../contracts/domain.ts";
import { TrafficSource } from "../../contracts/traffic_source.ts";
import { notify } from "../app/toasts.tsx";
import { type AnyEntity, useEntity } from "../ui/entity_api.ts";

/**
 * The link a traffic source sends clicks to: on the campaign's domain when it
 * has one (same scheme as the panel), else this panel's origin; the source's
 * external id, cost and token params are appended with their placeholders.
 */
export function trackingLink(
  key: string,
  options: { origin: string; protocol: string; host?: string; source?: TrafficSource },
): string {
  const base = options.host ? `${options.protocol}//${options.host}` : options.origin;
  const params: string[] = [];
  const source = options.source;
  if (source) {
    for (const p of [source.externalIdParam, source.costParam, ...source.tokens]) {
      if (p.param) params.push(`${encodeURIComponent(p.param)}=${p.placeholder}`);
    }
  }
  return `${base}/c/${encodeURIComponent(key)}${params.length ? `?${params.join("&")}` : ""}`;
}

/** A saved campaign's tracking link, on its domain and with its source's params. */
export function useTrackingLink(entity: AnyEntity): string {
  const domainId = typeof entity.domainId === "number" ? entity.domainId : undefined;
  const sourceId = typeof entity.trafficSourceId === "number" ? entity.trafficSourceId : undefined;
  const domain = useEntity("domains", domainId);
  const source = useEntity("traffic-sources", sourceId);
  return trackingLink(String(entity.key), {
    origin: location.origin,
    protocol: location.protocol,
    host: Domain.safeParse(domain.data).data?.host,
    source: TrafficSource.safeParse(source.data).data,
  });
}

/** Copies `text`, then says so (or that the browser refused). */
export async function copyText(text: string, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify(`${what} copied`, { type: "success" });
  } catch {
    notify("The browser refused to copy; select the link and copy it by hand", { type: "error" });
  }
}

/** The tracking link box of the campaign form. */
export function TrackingLink({ entity }: { entity: AnyEntity }) {
  const link = useTrackingLink(entity);
  const copy = () => copyText(link, "Tracking link");
  return (
    <section className="card tracking-link" aria-label="Tracking link">
      <div className="tracking-link__head">
        <h3 className="card__title">Tracking link</h3>
        <span className="muted">Give this link to the traffic source.</span>
      </div>
      <div className="tracking-link__row">
        <code data-testid="tracking-link">{link}</code>
        <button type="button" className="btn btn--small btn--primary" onClick={() => void copy()}>
          Copy
        </button>
      </div>
    </section>
  );
}
