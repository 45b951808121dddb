/** Immutable reads and writes of nested form values by dotted path. */

type Bag = Record<string, unknown> | unknown[];

function isBag(value: unknown): value is Bag {
  return typeof value === "object" && value !== null;
}

/** The value at `path` (`a.0.b`), or undefined. */
export function getIn(source: unknown, path: string): unknown {
  if (path === "") return source;
  let node: unknown = source;
  for (const key of path.split(".")) {
    if (!isBag(node)) return undefined;
    node = (node as Record<string, unknown>)[key];
  }
  return node;
}

/** A copy of `source` with `value` at `path`; missing containers are made (arrays for digit keys). */
export function setIn<T>(source: T, path: string, value: unknown): T {
  if (path === "") return value as T;
  const [head, ...rest] = path.split(".");
  const tail = rest.join(".");
  const current = isBag(source) ? source : (/^\d+$/.test(head) ? [] : {});
  const child = (current as Record<string, unknown>)[head];
  const nextChild = tail === ""
    ? value
    : setIn(child ?? (/^\d+$/.test(rest[0]) ? [] : {}), tail, value);
  if (Array.isArray(current)) {
    const copy = [...current];
    copy[Number(head)] = nextChild;
    return copy as T;
  }
  return { ...(current as Record<string, unknown>), [head]: nextChild } as T;
}

/** Whether two form values hold the same data (plain JSON values). */
export function sameValues(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
