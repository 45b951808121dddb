/**
 * A saved campaign's tracking link and direct-tracking snippet, each with a copy button. The server builds it
 * (Settings → Tracking links): the campaign's domain, else the default
 * tracking domain, with the links' scheme and click path, and the traffic
 * source's parameters with their placeholders.
 */
import useSWR from "swr";
import { SETTINGS_TOOL_ROUTES } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import type { Campaign } from "../../contracts/campaign.ts";

const LINKS = SETTINGS_TOOL_ROUTES.trackingLinks;

/** The links call of a campaign. */
function linksInput(entity: { id: number }) {
  return { query: { campaignId: String(entity.id) } };
}

/** A campaign's tracking link, asked of the server when needed (a list row's Copy link). */
export async function fetchTrackingLink(entity: { id: number }): Promise<string> {
  return (await call(LINKS, linksInput(entity))).click;
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

/** The tracking link box of the campaign form; before the first save it says when the link comes. */
export function TrackingLink({ entity }: { entity?: Campaign }) {
  if (!entity) {
    return (
      <section className="card tracking-link" aria-label="Tracking link">
        <div className="tracking-link__head">
          <h3 className="card__title">Tracking link</h3>
        </div>
        <p className="muted" data-testid="tracking-link-pending">
          The link appears here when the campaign is saved: each campaign gets its own key then.
        </p>
      </section>
    );
  }
  return <SavedTrackingLink entity={entity} />;
}

function SavedTrackingLink({ entity }: { entity: Campaign }) {
  // The entity's domain and source are in the key: a saved change builds the link again.
  const input = linksInput(entity);
  const key = `${routeUrl(LINKS, input)}#${String(entity.domainId)}:${
    String(entity.trafficSourceId)
  }`;
  const links = useSWR(key, () => call(LINKS, input));
  const link = links.data?.click ?? "";
  const snippet = links.data?.directScript ?? "";
  return (
    <section className="card tracking-link" aria-label="Tracking link">
      <div className="tracking-link__head">
        <h3 className="card__title">Tracking link</h3>
        <span className="muted">Give this link to the traffic source.</span>
      </div>
      <CopyLine value={link} what="Tracking link" testId="tracking-link" />
      <div className="tracking-link__head">
        <h3 className="card__title">Direct tracking</h3>
        <span className="muted">
          Or point the ad at your lander and paste this in its page: it records the click from the
          lander (no redirect). Mark offer links with{" "}
          <code>data-rotor-offer</code>. Only the origins of this campaign's landers may call.
        </span>
      </div>
      <CopyLine value={snippet} what="Direct tracking script" testId="direct-script" />
    </section>
  );
}

function CopyLine(props: { value: string; what: string; testId: string }) {
  return (
    <div className="tracking-link__row">
      <code data-testid={props.testId}>{props.value || "…"}</code>
      <button
        type="button"
        className="btn btn--small btn--primary"
        disabled={!props.value}
        aria-label={`Copy ${props.what.toLowerCase()}`}
        onClick={() => void copyText(props.value, props.what)}
      >
        Copy
      </button>
    </div>
  );
}
