/** The files manager's calls: one SWR hook for the tree, plain calls for changes, XHR for uploads. */
import useSWR from "swr";
import { FILE_ROUTES } from "../../contracts/api/files.ts";
import { UploadAnswer } from "../../contracts/files.ts";
import { routeUrl } from "../../contracts/route.ts";
import { ApiError, call, errorFromResponse } from "../app/api.ts";
import { nonApiMessage } from "../app/errors.ts";

/** The tree, revalidated after every change. */
export function useFileTree() {
  return useSWR(FILE_ROUTES.tree.path, () => call(FILE_ROUTES.tree, {}));
}

/** A text file's content (null key: nothing selected). */
export function useTextFile(path: string | undefined) {
  return useSWR(
    path === undefined ? null : [FILE_ROUTES.content.path, path],
    () => call(FILE_ROUTES.content, { query: { path } }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** create-directory. */
export function createDirectory(path: string) {
  return call(FILE_ROUTES.createDirectory, { body: { path } });
}

/** create-text-file. */
export function createTextFile(path: string, content = "") {
  return call(FILE_ROUTES.createFile, { body: { path, content } });
}

/** edit-text-file-content. */
export function saveTextFile(path: string, content: string) {
  return call(FILE_ROUTES.save, { body: { path, content } });
}

/** rename-file-or-directory. */
export function renameEntry(from: string, to: string) {
  return call(FILE_ROUTES.rename, { body: { from, to } });
}

/** Deletes a file or a folder with its content. */
export function deleteEntry(path: string) {
  return call(FILE_ROUTES.remove, { query: { path } });
}

/** The download address of a file. */
export function downloadUrl(path: string): string {
  return routeUrl(FILE_ROUTES.download, { query: { path } });
}

/**
 * Uploads files into folder `dir` with XMLHttpRequest, whose upload progress
 * fetch cannot report (SPEC §7 "upload progress"). `onProgress` gets 0..1.
 */
export function uploadFiles(
  dir: string,
  files: File[],
  options: { replace: boolean; unpack: boolean; onProgress: (fraction: number) => void },
): Promise<UploadAnswer> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  const flag = (on: boolean) => on ? "true" as const : "false" as const;
  const query = { dir, replace: flag(options.replace), unpack: flag(options.unpack) };
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", routeUrl(FILE_ROUTES.upload, { query }));
    xhr.setRequestHeader("Accept", "application/json");
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiError(0, nonApiMessage("the upload did not reach the server")));
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = xhr.responseText;
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(errorFromResponse(xhr.status, body));
        return;
      }
      options.onProgress(1);
      const parsed = UploadAnswer.safeParse(body);
      if (parsed.success) resolve(parsed.data);
      else reject(new ApiError(0, nonApiMessage("unexpected answer from the upload")));
    };
    xhr.send(form);
  });
}
