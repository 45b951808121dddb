/** The buttons at the end of a list row: Edit, and Copy link where the row has a link. */
import type { ComponentType } from "react";
import { Link } from "react-router";
import { copyText } from "../campaigns/tracking_link.tsx";

/** What every row has. */
export type EntityRow = { id: number; name: string };

/** A row's copy-link button, given the row. */
export type RowLink<T extends EntityRow = EntityRow> = ComponentType<{ item: T }>;

/** Copies `link` (or what it fetches); the button names the row for screen readers. */
export function CopyLinkButton(props: { link: string | (() => Promise<string>); name: string }) {
  const { link } = props;
  const copy = async () => copyText(typeof link === "string" ? link : await link(), "Link");
  return (
    <button
      type="button"
      className="btn btn--small"
      aria-label={`Copy link of ${props.name}`}
      title={typeof link === "string" ? link : undefined}
      onClick={() => void copy()}
    >
      Copy link
    </button>
  );
}

/** The absolute form of a stored URL (a hosted lander's path gets this panel's origin). */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, location.origin).href;
  } catch {
    return url;
  }
}

/** A row whose `url` field is its link (offers, landers). */
export function UrlCopyLink({ item }: { item: EntityRow & { url: string } }) {
  const url = item.url.trim();
  return url ? <CopyLinkButton link={absoluteUrl(url)} name={item.name} /> : null;
}

/** Edit, then the row's copy-link button when it has one. */
export function RowActions<T extends EntityRow>(
  props: { item: T; editTo?: string; CopyLink?: RowLink<T> },
) {
  const { item, editTo, CopyLink } = props;
  return (
    <span className="row-actions">
      {editTo && (
        <Link className="btn btn--small" to={editTo} aria-label={`Edit ${item.name}`}>
          Edit
        </Link>
      )}
      {CopyLink && <CopyLink item={item} />}
    </span>
  );
}
