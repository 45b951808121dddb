/**
 * Settings → User: who is signed in, the profile, the password change, and
 * the personal API secret (cached, refreshed after 5 s).
 */
import { useState, useSyncExternalStore } from "react";
import { SESSION_ROUTES } from "../../contracts/api/session.ts";
import { call } from "../app/api.ts";
import { AUTH_PARAM } from "../app/auth_query.ts";
import { BASE_PATH } from "../app/base_path.ts";
import { currentUserStore } from "../app/current_user.ts";
import { useCachedData } from "../app/use_cached_data.ts";
import { notify } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { PasswordForm, ProfileForm } from "./profile_form.tsx";
import { useConfirm } from "../ui/confirm.tsx";

/** Delay before a cached auth secret is reloaded (SPEC §7, §9). */
export const AUTH_SECRET_DELAY_MS = 5000;

function useAuthSecret() {
  return useCachedData("auth-secret", () => call(SESSION_ROUTES.secret, {}), {
    delayMs: AUTH_SECRET_DELAY_MS,
    persist: false,
  });
}

/** The user section. */
export function UserSettings() {
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  const secret = useAuthSecret();
  const [shown, setShown] = useState(false);
  const [confirm, dialog] = useConfirm();
  const rotate = async () => {
    const ok = await confirm({
      title: "Make a new secret?",
      body: <p>Links with the current secret stop signing in.</p>,
      action: "New secret",
      danger: true,
    });
    if (!ok) return;
    try {
      await call(SESSION_ROUTES.rotateSecret, {});
      secret.reload();
      setShown(true);
      notify("New secret made: links with the old one no longer sign in", { type: "success" });
    } catch (err) {
      notify(err instanceof Error ? err.message : String(err), { type: "error" });
    }
  };
  const copyLink = async (value: string) => {
    const link = `${location.origin}${BASE_PATH}/campaigns?${AUTH_PARAM}=${
      encodeURIComponent(value)
    }`;
    try {
      await navigator.clipboard.writeText(link);
      notify("Sign-in link copied", { type: "success" });
    } catch {
      notify("The browser refused to copy", { type: "error" });
    }
  };
  return (
    <div className="stack">
      <dl className="facts">
        <dt>Username</dt>
        <dd>{user.username}</dd>
        <dt>Role</dt>
        <dd>{user.role}</dd>
        <dt>Profit figures</dt>
        <dd>{user.isHideProfit ? "Hidden" : "Shown"}</dd>
      </dl>
      <ProfileForm />
      <PasswordForm />
      {dialog}
      <div className="card">
        <h3 className="card__title">API secret</h3>
        <p className="muted">
          A panel link carrying this secret signs the browser in as you. Keep it private. Changing
          your password, or "New secret", replaces it.
        </p>
        <DataState loading={secret.isLoading} error={secret.error}>
          {secret.data && (
            <div className="secret">
              <code data-testid="auth-secret">{shown ? secret.data.secret : "•".repeat(24)}</code>
              <button type="button" className="btn" onClick={() => setShown(!shown)}>
                {shown ? "Hide" : "Show"}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => secret.data && void copyLink(secret.data.secret)}
              >
                Copy sign-in link
              </button>
              <button type="button" className="btn" onClick={() => void rotate()}>
                New secret
              </button>
            </div>
          )}
        </DataState>
      </div>
    </div>
  );
}
