/**
 * The files manager's operations (SPEC §3 operation kinds) on a root folder.
 * Every path goes through `resolvePath` first, so a refused path touches
 * nothing; existence rules answer 404 and 409 in the one error shape.
 */
import { basename, dirname, join } from "node:path";
import { unzipSync } from "fflate";
import {
  type FileEntry,
  type FileResult,
  MAX_TEXT_BYTES,
  MAX_UPLOAD_BYTES,
  nameProblem,
  pathProblem,
} from "../../contracts/files.ts";
import { HttpError, notFound } from "../errors.ts";
import { logEvent } from "../log.ts";
import { parentOf, type Resolved, resolvePath } from "./paths.ts";

/** The tree stops at this many entries (a lander folder is small; this is a guard). */
const MAX_ENTRIES = 5000;
const MAX_DEPTH = 12;

function lstat(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.lstatSync(path);
  } catch {
    return undefined;
  }
}

function stat(path: string): Deno.FileInfo | undefined {
  try {
    return Deno.statSync(path);
  } catch {
    return undefined;
  }
}

function noSuchPath(rel: string): HttpError {
  return notFound(`No such file or folder: ${rel || "/"}`);
}

function mustBeFolder(root: string, rel: string): Resolved {
  const dir = resolvePath(root, rel, { allowRoot: true });
  const info = stat(dir.abs);
  if (!info) throw noSuchPath(rel);
  if (!info.isDirectory) throw new HttpError(400, "NOT_A_FOLDER", `${rel} is not a folder`);
  return dir;
}

function mustBeNew(target: Resolved): void {
  if (lstat(target.abs)) {
    throw new HttpError(409, "EXISTS", `${target.rel} already exists`);
  }
}

function mustBeFile(target: Resolved): Deno.FileInfo {
  const info = stat(target.abs);
  if (!info) throw noSuchPath(target.rel);
  if (!info.isFile) throw new HttpError(400, "NOT_A_FILE", `${target.rel} is not a file`);
  return info;
}

function ok(operation: FileResult["operation"], path: string): FileResult {
  logEvent("info", "file_operation", { operation, path });
  return { operation, status: "ok", path };
}

/** The tree below the root, folders first, bounded in size and depth. */
export function listTree(root: string): { entries: FileEntry[]; truncated: boolean } {
  let count = 0;
  let truncated = false;
  const walk = (dir: string, rel: string, depth: number): FileEntry[] => {
    const entries: FileEntry[] = [];
    for (const item of Deno.readDirSync(dir)) {
      if (count >= MAX_ENTRIES || depth > MAX_DEPTH) {
        truncated = true;
        break;
      }
      const path = rel ? `${rel}/${item.name}` : item.name;
      let target: Resolved;
      try {
        target = resolvePath(root, path);
      } catch {
        continue; // a link leading out, or a name the manager cannot address: not shown
      }
      const info = stat(target.abs);
      if (!info || (!info.isFile && !info.isDirectory)) continue;
      count++;
      const entry: FileEntry = {
        name: item.name,
        path,
        type: info.isDirectory ? "directory" : "file",
        size: info.isFile ? info.size : 0,
        modifiedAt: info.mtime?.getTime() ?? 0,
      };
      if (info.isDirectory) entry.children = walk(target.abs, path, depth + 1);
      entries.push(entry);
    }
    return entries.sort((a, b) =>
      a.type === b.type ? a.name.localeCompare(b.name) : a.type === "directory" ? -1 : 1
    );
  };
  return { entries: walk(root, "", 0), truncated };
}

/** create-directory: the parent must exist, the folder must not. */
export function createDirectory(root: string, rel: string): FileResult {
  const target = resolvePath(root, rel);
  mustBeFolder(root, parentOf(rel));
  mustBeNew(target);
  Deno.mkdirSync(target.abs);
  return ok("create-directory", rel);
}

/** create-text-file: the parent must exist, the file must not. */
export function createTextFile(root: string, rel: string, content: string): FileResult {
  const target = resolvePath(root, rel);
  mustBeFolder(root, parentOf(rel));
  mustBeNew(target);
  Deno.writeTextFileSync(target.abs, content, { createNew: true });
  return ok("create-text-file", rel);
}

/** A text file's content; binary or oversized files are refused (415, 413). */
export function readTextFile(root: string, rel: string): { path: string; content: string } {
  const target = resolvePath(root, rel);
  const info = mustBeFile(target);
  if (info.size > MAX_TEXT_BYTES) {
    throw new HttpError(413, "TOO_LARGE", `${rel} is too large to edit here; download it instead`);
  }
  try {
    const content = new TextDecoder("utf-8", { fatal: true }).decode(Deno.readFileSync(target.abs));
    if (content.includes("\0")) throw new Error("binary");
    return { path: rel, content };
  } catch {
    throw new HttpError(415, "NOT_TEXT", `${rel} is not a text file`);
  }
}

/** edit-text-file-content: replaces the content of an existing file. */
export function editTextFile(root: string, rel: string, content: string): FileResult {
  const target = resolvePath(root, rel);
  mustBeFile(target);
  Deno.writeTextFileSync(target.abs, content);
  return ok("edit-text-file-content", rel);
}

/** rename-file-or-directory: `to` must be new, its parent must exist, a folder not into itself. */
export function renameEntry(root: string, from: string, to: string): FileResult {
  const source = resolvePath(root, from);
  const target = resolvePath(root, to);
  if (!lstat(source.abs)) throw noSuchPath(from);
  if (to === from || to.startsWith(`${from}/`)) {
    throw new HttpError(400, "BAD_PATH", "A folder cannot move into itself");
  }
  mustBeFolder(root, parentOf(to));
  mustBeNew(target);
  Deno.renameSync(source.abs, target.abs);
  return ok("rename-file-or-directory", to);
}

/** Deletes a file, or a folder with everything in it. The root itself cannot go. */
export function deleteEntry(root: string, rel: string): FileResult {
  const target = resolvePath(root, rel);
  if (!lstat(target.abs)) throw noSuchPath(rel);
  Deno.removeSync(target.abs, { recursive: true });
  return ok("files", rel);
}

/** One uploaded file. */
export type Upload = { name: string; bytes: Uint8Array };

/** Files an unpacked archive may hold at most (a lander is a few dozen). */
const MAX_ARCHIVE_FILES = 2000;

/** Whether an upload is a zip archive, by its name. */
const isZip = (name: string) => /\.zip$/i.test(name);

/**
 * The files of a zip archive, each named by its path inside it (folders come
 * with their files; a Mac's `__MACOSX/` copies are left out). Its declared
 * sizes together may not pass the upload limit, so an archive that unpacks to
 * gigabytes is refused before it is inflated.
 */
function unpack(file: Upload): Array<{ path: string; bytes: Uint8Array }> {
  let files = 0;
  let bytes = 0;
  let entries: Record<string, Uint8Array>;
  try {
    entries = unzipSync(file.bytes, {
      filter: (entry) => {
        if (entry.name.endsWith("/") || entry.name.startsWith("__MACOSX/")) return false;
        files++;
        bytes += entry.originalSize;
        if (files > MAX_ARCHIVE_FILES || bytes > MAX_UPLOAD_BYTES) {
          throw new HttpError(
            413,
            "TOO_LARGE",
            `${file.name} unpacks to more than ${MAX_ARCHIVE_FILES} files or ` +
              `${MAX_UPLOAD_BYTES / 1024 / 1024} MB`,
          );
        }
        return true;
      },
    });
  } catch (err) {
    if (err instanceof HttpError) throw err;
    throw new HttpError(
      400,
      "BAD_REQUEST",
      `${file.name} is not a zip archive Rotor can unpack (${(err as Error).message})`,
    );
  }
  return Object.entries(entries).map(([path, bytes]) => ({ path, bytes }));
}

/**
 * Writes uploaded files into folder `dir`; with `unpack`, a `.zip` upload
 * writes the files it holds instead, in their folders. Paths are checked all
 * first, and existing files are refused (409) unless `replace`, so a refusal
 * writes nothing.
 */
export function uploadFiles(
  root: string,
  dir: string,
  options: { files: Upload[]; replace: boolean; unpack?: boolean },
): FileResult & { files: string[] } {
  const folder = mustBeFolder(root, dir);
  if (options.files.length === 0) throw new HttpError(400, "NO_FILES", "Choose files to upload");
  const wanted = options.files.flatMap((file) => {
    if (options.unpack && isZip(file.name)) {
      return unpack(file).map((entry) => {
        const problem = pathProblem(entry.path);
        if (problem) {
          throw new HttpError(400, "BAD_PATH", `${file.name}: ${entry.path} ${problem}`);
        }
        return entry;
      });
    }
    const name = basename(file.name.replaceAll("\\", "/"));
    const problem = nameProblem(name);
    if (problem) throw new HttpError(400, "BAD_PATH", `File name ${problem}`);
    return [{ path: name, bytes: file.bytes }];
  });
  // An archive holding a file `a` and a file `a/b` cannot have both.
  const paths = new Set(wanted.map((w) => w.path));
  for (const { path } of wanted) {
    for (let up = parentOf(path); up !== ""; up = parentOf(up)) {
      if (paths.has(up)) throw new HttpError(409, "EXISTS", `${up} is both a file and a folder`);
    }
  }
  const targets = wanted.map(({ path, bytes }) => {
    const target = resolvePath(root, dir ? `${dir}/${path}` : path);
    const existing = stat(target.abs);
    if (existing?.isDirectory) throw new HttpError(409, "EXISTS", `${target.rel} is a folder`);
    if (existing && !options.replace) {
      throw new HttpError(409, "EXISTS", `${target.rel} already exists`);
    }
    // A folder the archive needs where a file is: refused, not overwritten.
    for (let up = parentOf(target.rel); up !== folder.rel; up = parentOf(up)) {
      const part = stat(resolvePath(root, up).abs);
      if (part && !part.isDirectory) throw new HttpError(409, "EXISTS", `${up} is a file`);
    }
    return { target, bytes };
  });
  for (const { target, bytes } of targets) {
    Deno.mkdirSync(dirname(target.abs), { recursive: true });
    Deno.writeFileSync(target.abs, bytes);
  }
  const names = targets.map((t) => t.target.rel);
  logEvent("info", "file_operation", { operation: "files", path: dir, uploaded: names.length });
  return { operation: "files", status: "ok", path: folder.rel, files: names };
}

/** A file to download: its path on disk and size. */
export function fileForDownload(root: string, rel: string): { abs: string; size: number } {
  const target = resolvePath(root, rel);
  const info = mustBeFile(target);
  return { abs: join(target.abs), size: info.size };
}
