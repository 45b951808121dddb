/**
 * A typed filter (search, country): the text is the input's own, and reaches
 * the screen's filters 300 ms after the last key, so a query (and an address
 * change) is not sent per keystroke. A value changed from outside shows.
 */
import { type InputHTMLAttributes, useEffect, useRef, useState } from "react";
import { debounce } from "../app/helpers.ts";

/** The input; `onChange` gets the text once typing pauses. */
export function FilterInput(
  props:
    & { value: string; onChange: (value: string) => void }
    & Omit<
      InputHTMLAttributes<HTMLInputElement>,
      "value" | "onChange"
    >,
) {
  const { value, onChange, ...rest } = props;
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  const [push] = useState(() => debounce((v: string) => latest.current(v), 300));
  useEffect(() => setText(value), [value]);
  useEffect(() => () => push.cancel(), [push]);
  return (
    <input
      {...rest}
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        push(event.target.value);
      }}
    />
  );
}
