/**
 * What the settings screens share besides the form kit: who may change tracker settings,
 * copyable values, and the time zones a field offers.
 */
import { useSyncExternalStore } from "react";
import { currentUserStore } from "../app/current_user.ts";
import { copyText } from "./use_section.ts";

/** Whether the signed-in user is an admin (tracker settings are theirs to change). */
export function useIsAdmin(): boolean {
  const user = useSyncExternalStore(currentUserStore.subscribe, currentUserStore.get);
  return user.role === "admin" || user.role === "super-admin";
}

/** A read-only value with a copy button. */
export function CopyRow(props: { label: string; value: string; testId?: string }) {
  return (
    <div className="copy-row">
      <span className="copy-row__label">{props.label}</span>
      <div className="copy-row__line">
        <code className="wrap" data-testid={props.testId}>{props.value || "—"}</code>
        <button
          type="button"
          className="btn"
          disabled={!props.value}
          aria-label={`Copy ${props.label.toLowerCase()}`}
          onClick={() => void copyText(props.value, `${props.label} copied`)}
        >
          Copy
        </button>
      </div>
    </div>
  );
}

/** Time zones the browser knows, for `<datalist>`. */
export function TimezoneList(props: { id: string }) {
  const zones = "supportedValuesOf" in Intl ? Intl.supportedValuesOf("timeZone") : [];
  return (
    <datalist id={props.id}>
      <option value="UTC" />
      {zones.map((z) => <option key={z} value={z} />)}
    </datalist>
  );
}
