/**
 * `/api/files`: the files manager. Reading needs read on landers, changing
 * needs write on landers (hosted files are landers' pages).
 */
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import {
  CreateDirectoryInput,
  CreateTextFileInput,
  EditTextFileInput,
  FolderPath,
  MAX_UPLOAD_BYTES,
  PathQuery,
  RenameInput,
} from "../../contracts/files.ts";
import { type AppEnv, userOf } from "../context.ts";
import { requireUser } from "../auth/middleware.ts";
import { assertAccess } from "../auth/permissions.ts";
import { badRequest, HttpError } from "../errors.ts";
import { validate } from "../validate.ts";
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

const UploadQuery = z.object({
  dir: FolderPath.default(""),
  replace: z.enum(["true", "false"]).default("false"),
});

const tooLarge = () => {
  throw new HttpError(413, "TOO_LARGE", `Uploads are limited to ${MAX_UPLOAD_BYTES >> 20} MiB`);
};

export const fileRoutes = new Hono<AppEnv>()
  .use("*", requireUser)
  .get("/tree", (c) => {
    assertAccess(userOf(c), "landing", "read");
    return c.json(listTree(filesRoot(c.var.deps.config.dataDir)));
  })
  .get("/content", validate("query", PathQuery), (c) => {
    const { path } = c.req.valid("query");
    assertAccess(userOf(c), "landing", "read");
    return c.json(readTextFile(filesRoot(c.var.deps.config.dataDir), path));
  })
  .get("/download", validate("query", PathQuery), async (c) => {
    const { path } = c.req.valid("query");
    assertAccess(userOf(c), "landing", "read");
    const file = fileForDownload(filesRoot(c.var.deps.config.dataDir), path);
    const name = encodeURIComponent(path.split("/").at(-1)!);
    const handle = await Deno.open(file.abs, { read: true });
    return c.body(handle.readable, 200, {
      "Content-Type": "application/octet-stream",
      "Content-Length": String(file.size),
      "Content-Disposition": `attachment; filename*=UTF-8''${name}`,
    });
  })
  .post("/directory", validate("json", CreateDirectoryInput), (c) => {
    const { path } = c.req.valid("json");
    assertAccess(userOf(c), "landing", "write");
    return c.json(createDirectory(filesRoot(c.var.deps.config.dataDir), path), 201);
  })
  .post("/file", validate("json", CreateTextFileInput), (c) => {
    const { path, content } = c.req.valid("json");
    assertAccess(userOf(c), "landing", "write");
    return c.json(createTextFile(filesRoot(c.var.deps.config.dataDir), path, content), 201);
  })
  .put("/content", validate("json", EditTextFileInput), (c) => {
    const { path, content } = c.req.valid("json");
    assertAccess(userOf(c), "landing", "write");
    return c.json(editTextFile(filesRoot(c.var.deps.config.dataDir), path, content));
  })
  .post("/rename", validate("json", RenameInput), (c) => {
    const { from, to } = c.req.valid("json");
    assertAccess(userOf(c), "landing", "write");
    return c.json(renameEntry(filesRoot(c.var.deps.config.dataDir), from, to));
  })
  .delete("/", validate("query", PathQuery), (c) => {
    const { path } = c.req.valid("query");
    assertAccess(userOf(c), "landing", "write");
    return c.json(deleteEntry(filesRoot(c.var.deps.config.dataDir), path));
  })
  .post(
    "/upload",
    bodyLimit({ maxSize: MAX_UPLOAD_BYTES + 64 * 1024, onError: tooLarge }),
    validate("query", UploadQuery),
    async (c) => {
      const { dir, replace } = c.req.valid("query");
      assertAccess(userOf(c), "landing", "write");
      const form = await c.req.formData().catch(() => {
        throw badRequest("Send the files as multipart/form-data");
      });
      const files: Upload[] = [];
      for (const value of form.getAll("file")) {
        if (typeof value === "string") continue;
        files.push({ name: value.name, bytes: new Uint8Array(await value.arrayBuffer()) });
      }
      const root = filesRoot(c.var.deps.config.dataDir);
      return c.json(uploadFiles(root, dir, { files, replace: replace === "true" }), 201);
    },
  );
