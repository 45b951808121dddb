/** An inline form asking for one file or folder name, checked with the contract's rule. */
import { type FormEvent, useState } from "react";
import { nameProblem } from "../../contracts/files.ts";
import { Field } from "../ui/field.tsx";

/** Props of `NameForm`. */
export interface NameFormProps {
  /** The field's label ("Folder name", "File name", "New name"). */
  label: string;
  submitLabel: string;
  initial?: string;
  /** Where the new entry goes, shown as a hint. */
  where: string;
  onSubmit: (name: string) => Promise<void>;
  onCancel: () => void;
}

/** One name field with submit and cancel; a refused name shows its reason. */
export function NameForm(props: NameFormProps) {
  const [name, setName] = useState(props.initial ?? "");
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const reason = nameProblem(trimmed);
    if (reason) {
      setProblem(`The name ${reason}`);
      return;
    }
    setBusy(true);
    try {
      await props.onSubmit(trimmed);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="card name-form" onSubmit={submit}>
      <Field label={props.label}>
        <input
          value={name}
          autoFocus
          onChange={(event) => {
            setName(event.target.value);
            setProblem(undefined);
          }}
          onKeyDown={(event) => event.key === "Escape" && props.onCancel()}
        />
      </Field>
      <p className="muted name-form__where">in {props.where}</p>
      {problem && <p className="notice notice--error" role="alert">{problem}</p>}
      <div className="page-header__actions">
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {props.submitLabel}
        </button>
        <button type="button" className="btn" onClick={props.onCancel}>Cancel</button>
      </div>
    </form>
  );
}
