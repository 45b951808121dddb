/** A `<dialog>` shown as a modal while it is mounted; Escape asks the caller instead of closing. */
import { type ReactNode, useEffect, useRef } from "react";

/** A ref for a `<dialog>` that opens as a modal on mount and closes on unmount. */
export function useModalDialog() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const node = dialog.current;
    if (node && !node.open) node.showModal();
    return () => node?.close();
  }, []);
  return dialog;
}

/** A small modal: its title (labelling it), then the body and actions the caller gives. */
export function Modal(props: {
  titleId: string;
  title: ReactNode;
  onCancel: () => void;
  children: ReactNode;
  /** Room for a table. */
  wide?: boolean;
}) {
  const dialog = useModalDialog();
  return (
    <dialog
      ref={dialog}
      className={props.wide ? "modal modal--wide" : "modal"}
      aria-labelledby={props.titleId}
      onCancel={(event) => {
        event.preventDefault();
        props.onCancel();
      }}
    >
      <h2 id={props.titleId} className="modal__title">{props.title}</h2>
      {props.children}
    </dialog>
  );
}
