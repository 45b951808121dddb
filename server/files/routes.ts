/**
 * The files manager's calls (`contracts/api/files.ts`): reading needs read on
 * landers, changing needs write on landers (hosted files are landers' pages).
 * Uploads are multipart: the handler reads the form itself, within the body
 * limit `server/body_limits.ts` sets for them.
 */
import { FILE_ROUTES } from "../../contracts/api/files.ts";
import { badRequest } from "../errors.ts";
import { implement } from "../route.ts";
import { filesRoot } from "./paths.ts";
import {
  createDirectory,
  createTextFile,
  deleteEntry,
  editTextFile,
  fileForDownload,
  listTree,
  readTextFile,
  renameEntry,
  type Upload,
  uploadFiles,
} from "./service.ts";

/** The files manager's routes (mounted at their full paths). */
export const fileRoutes = [
  implement(FILE_ROUTES.tree, (c) => listTree(filesRoot(c.var.deps.config.dataDir))),
  implement(
    FILE_ROUTES.content,
    (c, { query }) => readTextFile(filesRoot(c.var.deps.config.dataDir), query.path),
  ),
  implement(FILE_ROUTES.download, async (c, { query: { path } }) => {
    const file = fileForDownload(filesRoot(c.var.deps.config.dataDir), path);
    const name = encodeURIComponent(path.split("/").at(-1) ?? path);
    const handle = await Deno.open(file.abs, { read: true });
    return c.body(handle.readable, 200, {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename*=UTF-8''${name}`,
    });
  }),
  implement(
    FILE_ROUTES.createDirectory,
    (c, { body }) => createDirectory(filesRoot(c.var.deps.config.dataDir), body.path),
  ),
  implement(FILE_ROUTES.createFile, (c, { body: { path, content } }) => {
    return createTextFile(filesRoot(c.var.deps.config.dataDir), path, content);
  }),
  implement(FILE_ROUTES.save, (c, { body: { path, content } }) => {
    return editTextFile(filesRoot(c.var.deps.config.dataDir), path, content);
  }),
  implement(FILE_ROUTES.rename, (c, { body: { from, to } }) => {
    return renameEntry(filesRoot(c.var.deps.config.dataDir), from, to);
  }),
  implement(
    FILE_ROUTES.remove,
    (c, { query }) => deleteEntry(filesRoot(c.var.deps.config.dataDir), query.path),
  ),
  implement(FILE_ROUTES.upload, async (c, { query: { dir, replace, unpack } }) => {
    const form = await c.req.formData().catch(() => {
      throw badRequest("Send the files as multipart/form-data");
    });
    const files: Upload[] = [];
    for (const value of form.getAll("file")) {
      if (typeof value === "string") continue;
      files.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
    }
    const root = filesRoot(c.var.deps.config.dataDir);
    return uploadFiles(root, dir, {
      files,
      replace: replace === "true",
      unpack: unpack === "true",
    });
  }),
];
