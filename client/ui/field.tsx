/** A labelled form field: the label is tied by id, so its name is exactly the label text. */
import { cloneElement, type ReactElement, type ReactNode, useId } from "react";

/** Wraps one control (`input`, `select`, …) with its label. */
export function Field(props: { label: ReactNode; children: ReactElement<{ id?: string }> }) {
  const id = useId();
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>{props.label}</label>
      {cloneElement(props.children, { id })}
    </div>
  );
}
