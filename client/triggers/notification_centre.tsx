/**
 * The header's notification centre: a bell with the unread count, opening the
 * newest notifications; opening one marks it read, "Mark all read" marks
 * those it shows and older. Shown to users who may see triggers.
 */
import { Link } from "react-router";
import { useMyAccount } from "../entities/entity_api.ts";
import { formatStamp } from "../ui/format.ts";
import { Popover } from "../ui/popover.tsx";
import { accessTo } from "../../contracts/rights.ts";
import { markRead, useNotifications } from "./api.ts";

/** The bell and its list. */
export function NotificationCentre() {
  const account = useMyAccount();
  const allowed = accessTo(account.data, "trigger") !== "none";
  const list = useNotifications(allowed);
  if (!allowed || !list.data) return null;
  const { items, unread } = list.data;
  const read = async (which: Parameters<typeof markRead>[0]) =>
    void list.mutate(await markRead(which), false);
  return (
    <Popover
      className="notification-centre"
      align="end"
      ariaLabel={`Notifications, ${unread} unread`}
      label={
        <>
          <svg className="bell" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
            <path
              d="M12 3a6 6 0 0 0-6 6v4l-2 3h16l-2-3V9a6 6 0 0 0-6-6zm-2 15a2 2 0 0 0 4 0"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinejoin="round"
            />
          </svg>
          {unread > 0 && <span className="badge" data-testid="unread-count">{unread}</span>}
        </>
      }
    >
      {(close) => (
        <div className="notification-list" role="region" aria-label="Notifications">
          <div className="notification-list__head">
            <strong>Notifications</strong>
            {unread > 0 && (
              <button
                type="button"
                className="btn btn--small"
                // Up to the newest shown: what arrived since the last poll was never seen.
                onClick={() => void read({ upTo: items[0].id })}
              >
                Mark all read
              </button>
            )}
          </div>
          {items.length === 0 && <p className="muted">Nothing yet.</p>}
          <ul>
            {items.map((n) => (
              <li key={n.id} className={n.read ? "" : "notification--unread"}>
                <div className="notification-list__line">
                  <Link
                    to={n.triggerId ? `/triggers/edit/${n.triggerId}` : "/triggers"}
                    onClick={() => {
                      if (!n.read) void read({ ids: [n.id] });
                      close();
                    }}
                  >
                    <strong>{n.title}</strong>
                  </Link>
                  <time className="muted small" dateTime={new Date(n.ts).toISOString()}>
                    {formatStamp(n.ts)}
                  </time>
                </div>
                <p>{n.body}</p>
              </li>
            ))}
          </ul>
        </div>
      )}
    </Popover>
  );
}
