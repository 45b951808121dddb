/**
 * Typed paths into a form's values: `FieldPath<T>` lists the dotted paths of
 * T (array indices as numbers), `PathValue<T, P>` is the value one reaches,
 * and a `Place<T>` is a path already checked to hold a T, from which nested
 * editors (a flow's rules, a trigger's conditions) reach further with `within`.
 */

type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date;

/** How deep paths go (keeps TypeScript fast): a nested editor starts again from its `Place`. */
type Depth = [never, 0, 1, 2, 3, 4, 5];

/** The dotted paths into T: `name`, `destination.url`, `tokens.${number}.param`. */
export type FieldPath<T, D extends number = 5> = [D] extends [never] ? never
  : T extends Primitive ? never
  : T extends readonly (infer E)[]
    ? `${number}` | `${number}.${FieldPath<NonNullable<E>, Depth[D]>}`
  : T extends object ? {
      [K in keyof T & string]-?: K | `${K}.${FieldPath<NonNullable<T[K]>, Depth[D]>}`;
    }[keyof T & string]
  : never;

/** The value at path P of T (over a union, of the members that have it). */
export type PathValue<T, P extends string> = T extends readonly (infer E)[]
  ? P extends `${number}.${infer Rest}` ? PathValue<NonNullable<E>, Rest>
  : P extends `${number}` ? E
  : never
  : P extends `${infer K}.${infer Rest}` ? K extends keyof T ? PathValue<NonNullable<T[K]>, Rest>
    : never
  : P extends keyof T ? T[P]
  : never;

declare const PLACE: unique symbol;

/** A path in the form's values checked to hold a T (`""` is the form's root). */
export type Place<T> = string & { readonly [PLACE]: T };

/** The place a dotted path names, once the caller has checked it (the kit, `within`). */
export function toPlace<T>(path: string): Place<T> {
  return path as Place<T>;
}

/** The place of a form's whole value. */
export function root<T>(): Place<T> {
  return "" as Place<T>;
}

/** The place at `path` inside the T at `base`. */
export function within<T, P extends FieldPath<T>>(
  base: Place<T>,
  path: P,
): Place<PathValue<T, P>> {
  return (base === "" ? path : `${base}.${path}`) as Place<PathValue<T, P>>;
}
