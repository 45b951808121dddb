/**
 * A sign-in link for another account, opened in a browser where someone is
 * signed in (issue 18 item 7): the server never swaps the session on a GET;
 * the panel asks whose link it is and offers to switch. Switching is a POST;
 * staying drops the foreign value from the address, so it is not kept there.
 */
import { useEffect, useSyncExternalStore } from "react";
import { SESSION_ROUTES } from "../../contracts/api/session.ts";
import { useConfirm } from "../ui/confirm.tsx";
import { call } from "./api.ts";
import { forgetAuth } from "./auth_keeper.ts";
import { readAuth } from "./auth_query.ts";
import { currentUserStore } from "./current_user.ts";
import { notify, notifyError } from "./toasts.tsx";

/** Renders the question when the address carries another account's `auth`; nothing otherwise. */
export function AccountSwitch() {
  const [confirm, dialog] = useConfirm();
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  useEffect(() => {
    const secret = readAuth(location.search);
    if (!secret) return;
    let gone = false;
    void (async () => {
      try {
        const owner = await call(SESSION_ROUTES.secretOwner, { body: { secret } });
        if (gone || owner.current) return;
        if (owner.username === null) {
          forgetAuth();
          notify("This sign-in link is no longer valid", { type: "warning" });
          return;
        }
        const ok = await confirm({
          title: `Switch to ${owner.username}?`,
          body: (
            <p>
              You are signed in as <strong>{user.username}</strong>. This link signs in as{" "}
              <strong>{owner.username}</strong>.
            </p>
          ),
          action: `Switch to ${owner.username}`,
        });
        if (!ok) return forgetAuth();
        await call(SESSION_ROUTES.switch, { body: { secret } });
        location.reload();
      } catch (err) {
        notifyError(err);
      }
    })();
    return () => {
      gone = true;
    };
  }, []);
  return dialog;
}
