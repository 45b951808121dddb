/** The code editor area: a textarea with a line-number gutter that scrolls with it. */
import { type KeyboardEvent, useMemo, useRef } from "react";

/** Props of `CodeEditor`. */
export interface CodeEditorProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Ctrl/Cmd+S. */
  onSave?: () => void;
  /** Shown, not changed (a reader without write on landers). */
  readOnly?: boolean;
}

/** A plain-text code editor: monospace, line numbers; Tab still moves focus (keyboard users). */
export function CodeEditor(props: CodeEditorProps) {
  const gutter = useRef<HTMLPreElement>(null);
  const lines = useMemo(() => props.value.split("\n").length, [props.value]);
  const numbers = useMemo(
    () => Array.from({ length: lines }, (_, i) => i + 1).join("\n"),
    [lines],
  );
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === "s") {
      event.preventDefault();
      props.onSave?.();
    }
  };
  return (
    <div className="code-editor">
      <pre className="code-editor__gutter" ref={gutter} aria-hidden="true">{numbers}</pre>
      <textarea
        className="code-editor__text"
        aria-label={props.label}
        spellCheck={false}
        autoCapitalize="off"
        autoComplete="off"
        wrap="off"
        value={props.value}
        readOnly={props.readOnly}
        onChange={(event) => props.onChange(event.target.value)}
        onKeyDown={onKeyDown}
        onScroll={(event) => {
          if (gutter.current) gutter.current.scrollTop = event.currentTarget.scrollTop;
        }}
      />
    </div>
  );
}
