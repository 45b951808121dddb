/**
 * The unsaved-changes warning: leaving a changed form inside the panel asks
 * first (react-router's `useBlocker`); closing or reloading the tab gets the
 * browser's own prompt (`beforeunload`).
 */
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
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

/** Reports a form's unsaved state to the page's guard (`UnsavedForms`). */
const ReportDirty = createContext<((form: string, dirty: boolean) => void) | null>(null);

/**
 * One guard for every form of a page (react-router keeps one blocker at a
 * time): leaving while any of them reports unsaved changes asks first.
 */
export function UnsavedForms(props: { children: ReactNode }) {
  const [dirty, setDirty] = useState<ReadonlySet<string>>(new Set());
  const report = useCallback((form: string, isDirty: boolean) => {
    setDirty((current) => {
      if (current.has(form) === isDirty) return current;
      const next = new Set(current);
      if (isDirty) next.add(form);
      else next.delete(form);
      return next;
    });
  }, []);
  const guard = useUnsavedGuard(dirty.size > 0);
  return (
    <ReportDirty.Provider value={report}>
      {props.children}
      {guard.dialog}
    </ReportDirty.Provider>
  );
}

/** Tells the page's `UnsavedForms` whether this form has unsaved changes (no-op outside one). */
export function useReportDirty(dirty: boolean): void {
  const report = useContext(ReportDirty);
  const form = useId();
  useEffect(() => {
    if (!report) return;
    report(form, dirty);
    return () => report(form, false);
  }, [report, form, dirty]);
}
