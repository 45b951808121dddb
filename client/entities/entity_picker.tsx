/**
 * A searchable entity picker: type part of a name (the browser's list narrows
 * as you type) or an id; the chosen entity's id comes out, `null` when empty.
 * Text that names nothing is marked invalid and chooses nothing. Given a
 * `value` (an id kept in the address, say), it shows that entity's name.
 */
import { useEffect, useId, useState } from "react";
import { type ResourceName, useOptions } from "./entity_api.ts";

type Item = { id: number; name: string };

/** The id `text` names among `items`: an exact name (any case), `#12` or `12`. */
export function resolvePick(
  text: string,
  items: ReadonlyArray<Item>,
): number | null | undefined {
  const t = text.trim();
  if (t === "") return null;
  const byName = items.find((i) => i.name.toLowerCase() === t.toLowerCase());
  if (byName) return byName.id;
  const id = /^#?(\d+)$/.exec(t);
  if (id && items.some((i) => i.id === Number(id[1]))) return Number(id[1]);
  return undefined;
}

/**
 * The text that shows `value`: empty for none, its name once the names are
 * known, else `#id`; undefined while the names are still loading.
 */
export function pickText(
  value: number | null,
  items: ReadonlyArray<Item> | undefined,
): string | undefined {
  if (value === null) return "";
  if (!items) return undefined;
  return items.find((i) => i.id === value)?.name ?? `#${value}`;
}

/** The picker; `onChange` gets the id, or null when cleared. */
export function EntityPicker(props: {
  resource: ResourceName;
  label: string;
  placeholder?: string;
  onChange: (id: number | null) => void;
  /** The chosen id when the caller keeps it (controlled); absent, the picker keeps its own. */
  value?: number | null;
  /** Archived items are left out unless asked for. */
  includeArchived?: boolean;
  /** Set by a wrapping `Field`, whose label then names the input. */
  id?: string;
}) {
  const listId = useId();
  const options = useOptions(props.resource);
  const all = options.data?.items;
  const items = (all ?? []).filter((i) =>
    props.includeArchived || !i.archived || i.id === props.value
  );
  const [text, setText] = useState("");
  // Whether the text is the user's (typed) or shows the caller's value.
  const [typed, setTyped] = useState(false);
  const resolved = resolvePick(text, items);
  const controlled = props.value !== undefined;
  const { onChange } = props;
  // Typed before the names arrived, or renamed since: the pick follows what the text names now.
  useEffect(() => {
    if (resolved === undefined) return;
    if (!controlled) onChange(resolved);
    else if (typed && resolved !== props.value) onChange(resolved);
  }, [resolved]);
  // A value set from outside (the address, back and forward) shows as its name.
  useEffect(() => {
    if (!controlled || resolved === props.value) return;
    const shown = pickText(props.value ?? null, all);
    if (shown === undefined) return;
    setText(shown);
    setTyped(false);
  }, [props.value, all]);
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
        onChange={(e) => {
          setText(e.target.value);
          setTyped(true);
        }}
      />
      <datalist id={listId}>
        {items.map((i) => <option key={i.id} value={i.name}>#{i.id}</option>)}
      </datalist>
    </>
  );
}
