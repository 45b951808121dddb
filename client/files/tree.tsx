/** The files tree: folders open and close, one entry is selected. */
import { useState } from "react";
import type { FileEntry } from "../../contracts/files.ts";
import { formatBytes } from "./format.ts";

/** Props of `FileTreeView`. */
export interface FileTreeProps {
  entries: FileEntry[];
  selected: string;
  onSelect: (entry: FileEntry | undefined) => void;
}

/** A keyboard-usable tree of the hosted files (WAI-ARIA tree view, simplified). */
export function FileTreeView(props: FileTreeProps) {
  const [open, setOpen] = useState<ReadonlySet<string>>(new Set());
  const toggle = (path: string) => {
    const next = new Set(open);
    if (next.has(path)) next.delete(path);
    else next.add(path);
    setOpen(next);
  };
  return (
    <ul className="file-tree" role="tree" aria-label="Files">
      <li role="none">
        <button
          type="button"
          role="treeitem"
          aria-selected={props.selected === ""}
          className={`file-tree__item${props.selected === "" ? " file-tree__item--selected" : ""}`}
          onClick={() => props.onSelect(undefined)}
        >
          <span className="file-tree__icon" aria-hidden="true">▣</span>
          <span className="file-tree__name">/lp/files</span>
        </button>
      </li>
      <Branch {...props} open={open} toggle={toggle} depth={1} />
    </ul>
  );
}

function Branch(
  props: FileTreeProps & {
    open: ReadonlySet<string>;
    toggle: (path: string) => void;
    depth: number;
  },
) {
  return (
    <>
      {props.entries.map((entry) => {
        const isFolder = entry.type === "directory";
        const expanded = props.open.has(entry.path) || props.selected.startsWith(`${entry.path}/`);
        const selected = props.selected === entry.path;
        return (
          <li key={entry.path} role="none">
            <button
              type="button"
              role="treeitem"
              aria-selected={selected}
              aria-expanded={isFolder ? expanded : undefined}
              className={`file-tree__item${selected ? " file-tree__item--selected" : ""}`}
              style={{ paddingInlineStart: `${props.depth * 16 + 6}px` }}
              onClick={() => {
                if (isFolder && (selected || !expanded)) props.toggle(entry.path);
                props.onSelect(entry);
              }}
            >
              <span className="file-tree__icon" aria-hidden="true">
                {isFolder ? (expanded ? "▾" : "▸") : "·"}
              </span>
              <span className="file-tree__name">{entry.name}</span>
              {!isFolder && <span className="file-tree__size">{formatBytes(entry.size)}</span>}
            </button>
            {isFolder && expanded && entry.children && entry.children.length > 0 && (
              <ul role="group">
                <Branch {...props} entries={entry.children} depth={props.depth + 1} />
              </ul>
            )}
          </li>
        );
      })}
    </>
  );
}

/** Finds an entry by path. */
export function findEntry(entries: FileEntry[], path: string): FileEntry | undefined {
  for (const entry of entries) {
    if (entry.path === path) return entry;
    if (entry.children && path.startsWith(`${entry.path}/`)) {
      const found = findEntry(entry.children, path);
      if (found) return found;
    }
  }
  return undefined;
}
