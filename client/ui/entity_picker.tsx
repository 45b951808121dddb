/**
 * A searchable entity picker: type part of a name (the browser's list narrows
 * as you type) or an id; the chosen entity's id comes out, `null` when empty.
 * Text that names nothing is marked invalid and chooses nothing.
 */
import { useEffect, useId, useState } from "react";
import { type ResourceName, useOptions } from "./entity_api.ts";

/** The id `text` names among `items`: an exact name (any case), `#12` or `12`. */
export function resolvePick(
  text: string,
  items: ReadonlyArray<{ id: number; name: string }>,
): number | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  const byName = items.find((i) => i.name.toLowerCase() === t.toLowerCase());
  if (byName) return byName.id;
  const id = /^#?(\d+)$/.exec(t);
  if (id && items.some((i) => i.id === Number(id[1]))) return Number(id[1]);
  return undefined;
}

/** The picker; `onChange` gets the id, or null when cleared. */
export function EntityPicker(props: {
  resource: ResourceName;
  label: string;
  placeholder?: string;
  onChange: (id: number | null) => void;
  /** Archived items are left out unless asked for. */
  includeArchived?: boolean;
  /** Set by a wrapping `Field`, whose label then names the input. */
  id?: string;
}) {
  const listId = useId();
  const options = useOptions(props.resource);
  const items = (options.data?.items ?? []).filter((i) => props.includeArchived || !i.archived);
  const [text, setText] = useState("");
  const resolved = resolvePick(text, items);
  // Typed before the names arrived, or renamed since: the pick follows what the text names now.
  const { onChange } = props;
  useEffect(() => {
    if (resolved !== undefined) onChange(resolved);
  }, [resolved]);
  return (
    <>
      <input
        id={props.id}
        aria-label={props.id ? undefined : props.label}
        placeholder={props.placeholder ?? props.label}
        list={listId}
        value={text}
        aria-invalid={resolved === undefined ? true : undefined}
        title={resolved === undefined ? `No ${props.label.toLowerCase()} by that name` : undefined}
        onChange={(e) => setText(e.target.value)}
      />
      <datalist id={listId}>
        {items.map((i) => <option key={i.id} value={i.name}>#{i.id}</option>)}
      </datalist>
    </>
  );
}
