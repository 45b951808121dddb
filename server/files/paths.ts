/**
 * Confinement of every files-manager path to the root: the contract's shape
 * rules (no NUL, not absolute, no `..`), then the file system's truth — every
 * existing part of the path that is a symlink must resolve inside the root, so
 * no link, dangling or not, can lead a write outside.
 */
import { join, sep } from "node:path";
import { pathProblem } from "../../contracts/files.ts";
import { HttpError } from "../errors.ts";

/** A checked path: `abs` on disk, `rel` below the root (`""` is the root). */
export type Resolved = { abs: string; rel: string; root: string };

/** The files root of a data folder, created when absent; its real path. */
export function filesRoot(dataDir: string): string {
  const root = join(dataDir, "files");
  Deno.mkdirSync(root, { recursive: true });
  return Deno.realPathSync(root);
}

function badPath(message: string): HttpError {
  return new HttpError(400, "BAD_PATH", `Path ${message}`);
}

function inside(root: string, real: string): boolean {
  return real === root || real.startsWith(root + sep);
}

/**
 * Resolves `rel` below `root` (a real path) or throws 400 `BAD_PATH`, touching
 * nothing. `allowRoot` accepts `""` for the root itself.
 */
export function resolvePath(
  root: string,
  rel: unknown,
  options: { allowRoot?: boolean } = {},
): Resolved {
  if (typeof rel !== "string") throw badPath("must be a string");
  const problem = pathProblem(rel, options);
  if (problem) throw badPath(problem);
  const segments = rel === "" ? [] : rel.split("/");
  let current = root;
  for (const segment of segments) {
    current = join(current, segment);
    let info: Deno.FileInfo;
    try {
      info = Deno.lstatSync(current);
    } catch {
      break; // the rest does not exist yet: nothing below can be a link
    }
    if (!info.isSymlink) continue;
    let real: string;
    try {
      real = Deno.realPathSync(current);
    } catch {
      throw badPath("goes through a broken link");
    }
    if (!inside(root, real)) throw badPath("leads outside the files root");
  }
  const abs = join(root, ...segments);
  if (!inside(root, abs)) throw badPath("leads outside the files root");
  return { abs, rel, root };
}

/** The parent folder's relative path (`""` for top-level entries). */
export function parentOf(rel: string): string {
  const cut = rel.lastIndexOf("/");
  return cut < 0 ? "" : rel.slice(0, cut);
}
