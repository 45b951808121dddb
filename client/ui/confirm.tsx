/** A confirmation modal, asked for with `await confirm(text)` from `useConfirm`. */
import { type ReactNode, useCallback, useState } from "react";
import { Modal } from "./modal.tsx";

interface Ask {
  title: string;
  body?: ReactNode;
  action: string;
  danger?: boolean;
  resolve: (ok: boolean) => void;
}

/** The asking function and the element to render. */
export function useConfirm(): [
  (ask: Omit<Ask, "resolve">) => Promise<boolean>,
  ReactNode,
] {
  const [ask, setAsk] = useState<Ask | null>(null);
  const confirm = useCallback(
    (next: Omit<Ask, "resolve">) => new Promise<boolean>((resolve) => setAsk({ ...next, resolve })),
    [],
  );
  const finish = (ok: boolean) => {
    ask?.resolve(ok);
    setAsk(null);
  };
  return [confirm, ask ? <ConfirmDialog key="confirm" ask={ask} onDone={finish} /> : null];
}

function ConfirmDialog(props: { ask: Ask; onDone: (ok: boolean) => void }) {
  return (
    <Modal
      titleId="confirm-title"
      title={props.ask.title}
      onCancel={() => props.onDone(false)}
    >
      {props.ask.body && <div className="modal__body">{props.ask.body}</div>}
      <div className="modal__actions">
        <button type="button" className="btn" onClick={() => props.onDone(false)}>Cancel</button>
        <button
          type="button"
          className={`btn ${props.ask.danger ? "btn--danger" : "btn--primary"}`}
          onClick={() => props.onDone(true)}
        >
          {props.ask.action}
        </button>
      </div>
    </Modal>
  );
}
