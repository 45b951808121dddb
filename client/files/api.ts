/** The files manager's calls: one SWR hook for the tree, plain calls for changes, XHR for uploads. */
import useSWR from "swr";
import { z } from "zod";
import { FileResult, FileTree, TextContent, UPLOAD_API_PATH } from "../../contracts/files.ts";
import { api, ApiError, errorFromResponse } from "../app/api.ts";
import { nonApiMessage } from "../app/errors.ts";

/** The tree, revalidated after every change. */
export function useFileTree() {
  return useSWR("/api/files/tree", () => api("/api/files/tree", { schema: FileTree }));
}

/** A text file's content (null key: nothing selected). */
export function useTextFile(path: string | undefined) {
  return useSWR(
    path === undefined ? null : ["/api/files/content", path],
    () => api("/api/files/content", { query: { path }, schema: TextContent }),
    { revalidateOnFocus: false, shouldRetryOnError: false },
  );
}

/** create-directory. */
export function createDirectory(path: string) {
  return api("/api/files/directory", { method: "post", body: { path }, schema: FileResult });
}

/** create-text-file. */
export function createTextFile(path: string, content = "") {
  return api("/api/files/file", { method: "post", body: { path, content }, schema: FileResult });
}

/** edit-text-file-content. */
export function saveTextFile(path: string, content: string) {
  return api("/api/files/content", { method: "put", body: { path, content }, schema: FileResult });
}

/** rename-file-or-directory. */
export function renameEntry(from: string, to: string) {
  return api("/api/files/rename", { method: "post", body: { from, to }, schema: FileResult });
}

/** Deletes a file or a folder with its content. */
export function deleteEntry(path: string) {
  return api(`/api/files?path=${encodeURIComponent(path)}`, {
    method: "delete",
    schema: FileResult,
  });
}

/** The download address of a file. */
export function downloadUrl(path: string): string {
  return `/api/files/download?path=${encodeURIComponent(path)}`;
}

const UploadAnswer = FileResult.extend({ files: z.array(z.string()) });

/**
 * Uploads files into folder `dir` with XMLHttpRequest, whose upload progress
 * fetch cannot report (SPEC §7 "upload progress"). `onProgress` gets 0..1.
 */
export function uploadFiles(
  dir: string,
  files: File[],
  options: { replace: boolean; onProgress: (fraction: number) => void },
): Promise<z.infer<typeof UploadAnswer>> {
  const form = new FormData();
  for (const file of files) form.append("file", file, file.name);
  const query = new URLSearchParams({ dir, replace: String(options.replace) });
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${UPLOAD_API_PATH}?${query}`);
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
