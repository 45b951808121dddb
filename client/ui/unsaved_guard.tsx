/**
 * The unsaved-changes warning: leaving a changed form inside the panel asks
 * first (react-router's `useBlocker`); closing or reloading the tab gets the
 * browser's own prompt (`beforeunload`).
 */
import { useEffect, useRef } from "react";
import { useBlocker } from "react-router";
import { Modal } from "./modal.tsx";

/** Warns while `dirty`; `allowNext()` lets the next navigation through (after a save). */
export function useUnsavedGuard(dirty: boolean) {
  const allow = useRef(false);
  const blocker = useBlocker(({ currentLocation, nextLocation }) =>
    dirty && !allow.current && currentLocation.pathname !== nextLocation.pathname
  );
  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    globalThis.addEventListener("beforeunload", warn);
    return () => globalThis.removeEventListener("beforeunload", warn);
  }, [dirty]);
  const dialog = blocker.state === "blocked"
    ? <LeaveDialog onStay={() => blocker.reset()} onLeave={() => blocker.proceed()} />
    : null;
  return { dialog, allowNext: () => void (allow.current = true) };
}

function LeaveDialog(props: { onStay: () => void; onLeave: () => void }) {
  return (
    <Modal titleId="leave-title" title="Leave without saving?" onCancel={props.onStay}>
      <p>Your changes to this form are not saved yet.</p>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={props.onStay}>Stay</button>
        <button type="button" className="btn btn--danger" onClick={props.onLeave}>
          Leave and discard
        </button>
      </div>
    </Modal>
  );
}
