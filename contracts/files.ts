/**
 * The files manager (SPEC §2 `/files`, §3 operation kinds): hosted landers under
 * the data folder's `files/`, served at `/lp/files/…`. Paths are relative to that
 * root, `/`-separated, and never absolute, never `..`: the rule lives here so the
 * panel refuses what the server would refuse.
 */
import { z } from "zod";

/** Where hosted files are served. */
export const HOSTED_PREFIX = "/lp/files/";
/** The one API route that takes a multipart body (same-origin only). */
export const UPLOAD_API_PATH = "/api/files/upload";

/** Operation kinds of SPEC §3 that the files manager performs. */
export const FileOperation = z.enum([
  "create-directory",
  "create-text-file",
  "edit-text-file-content",
  "files",
  "rename-file-or-directory",
]);
export type FileOperation = z.infer<typeof FileOperation>;

/** The largest text a file may hold to be edited in the panel (bytes). */
export const MAX_TEXT_BYTES = 2 * 1024 * 1024;
/** The largest upload, all files together (bytes). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/**
 * Why `path` is not a valid relative path, or undefined when it is. `""` is the
 * root itself and is valid only where `allowRoot` says so.
 */
export function pathProblem(
  path: string,
  options: { allowRoot?: boolean } = {},
): string | undefined {
  if (path === "") return options.allowRoot ? undefined : "must name a file or folder";
  if (path.length > 4096) return "is too long";
  if (path.includes("\0")) return "must not contain NUL";
  if (path.startsWith("/")) return "must be relative to the files root";
  if (path.includes("\\")) return "must use / between folders";
  for (const segment of path.split("/")) {
    if (segment === "") return "must not have empty parts";
    const problem = nameProblem(segment);
    if (problem) return problem;
  }
  return undefined;
}

/** Why `name` is not a valid file or folder name, or undefined. */
export function nameProblem(name: string): string | undefined {
  if (name === "") return "must not be empty";
  if (name === "." || name === "..") return "must not contain . or ..";
  // deno-lint-ignore no-control-regex
  if (/[\x00-\x1f\x7f/\\]/.test(name)) return "must not contain control characters or slashes";
  if (new TextEncoder().encode(name).length > 255) return "has a part longer than 255 bytes";
  return undefined;
}

function pathSchema(allowRoot: boolean) {
  return z.string().superRefine((value, ctx) => {
    const problem = pathProblem(value, { allowRoot });
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });
}

/** A file or folder below the root. */
export const FilePath = pathSchema(false);
/** A folder below the root, or the root itself (`""`). */
export const FolderPath = pathSchema(true);
/** One file or folder name. */
export const FileName = z.string().superRefine((value, ctx) => {
  const problem = nameProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem });
});

/** One entry of the tree. `path` is relative to the root. */
export type FileEntry = {
  name: string;
  path: string;
  type: "directory" | "file";
  size: number;
  modifiedAt: number;
  children?: FileEntry[];
};
export const FileEntry: z.ZodType<FileEntry> = z.lazy(() =>
  z.object({
    name: z.string(),
    path: z.string(),
    type: z.enum(["directory", "file"]),
    size: z.number(),
    modifiedAt: z.number(),
    children: z.array(FileEntry).optional(),
  })
);

/** `GET /api/files/tree`: the whole tree (bounded), root first. */
export const FileTree = z.object({
  entries: z.array(FileEntry),
  /** True when the tree was cut at the entry limit. */
  truncated: z.boolean(),
});
export type FileTree = z.infer<typeof FileTree>;

/** `?path=` of the calls on one file or folder. */
export const PathQuery = z.object({ path: FilePath });

/** `GET /api/files/content?path=`. */
export const TextContent = z.object({ path: z.string(), content: z.string() });
export type TextContent = z.infer<typeof TextContent>;

const Content = z.string().refine(
  (v) => new TextEncoder().encode(v).length <= MAX_TEXT_BYTES,
  `must be at most ${MAX_TEXT_BYTES / 1024 / 1024} MiB`,
);

/** `POST /api/files/directory` (create-directory). */
export const CreateDirectoryInput = z.object({ path: FilePath });
/** `POST /api/files/file` (create-text-file). */
export const CreateTextFileInput = z.object({ path: FilePath, content: Content.default("") });
/** `PUT /api/files/content` (edit-text-file-content). */
export const EditTextFileInput = z.object({ path: FilePath, content: Content });
/** `POST /api/files/rename` (rename-file-or-directory): `to` is the whole new path. */
export const RenameInput = z.object({ from: FilePath, to: FilePath });
export type RenameInput = z.infer<typeof RenameInput>;

/** The answer of every change: what was done, to which path. */
export const FileResult = z.object({
  operation: FileOperation,
  status: z.literal("ok"),
  path: z.string(),
});
export type FileResult = z.infer<typeof FileResult>;

/** `POST /api/files/upload?dir=&replace=`: the folder, and whether same-named files are replaced. */
export const UploadQuery = z.object({
  dir: FolderPath.default(""),
  replace: z.enum(["true", "false"]).default("false"),
  /** `true`: a `.zip` upload writes the files it holds, in their folders, instead of itself. */
  unpack: z.enum(["true", "false"]).default("false"),
});

/** The upload's multipart body: one or more `file` parts (documented; the handler reads the form). */
export const UploadBody = z.object({
  file: z.array(z.string().meta({ format: "binary" })).min(1),
});

/** The upload's answer: the change and the names written. */
export const UploadAnswer = FileResult.extend({ files: z.array(z.string()) });
export type UploadAnswer = z.infer<typeof UploadAnswer>;

/** The public address of a hosted file. */
export function hostedUrl(path: string): string {
  return HOSTED_PREFIX + path.split("/").map(encodeURIComponent).join("/");
}
