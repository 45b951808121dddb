/**
 * Files (lazy chunk): the manager for hosted landers under `/lp/files/` — tree,
 * create folder and text file, edit, rename, upload with progress, delete, download.
 */
import { useRef, useState } from "react";
import type { FileEntry } from "../../contracts/files.ts";
import { canWrite } from "../../contracts/rights.ts";
import { notify } from "../app/toasts.tsx";
import { useMyAccount } from "../entities/entity_api.ts";
import { DataState } from "../ui/data_state.tsx";
import { PageHeader } from "../ui/page.tsx";
import {
  createDirectory,
  createTextFile,
  deleteEntry,
  renameEntry,
  uploadFiles,
  useFileTree,
} from "./api.ts";
import { FileDetails, FolderDetails } from "./details.tsx";
import { folderOf, joinPath } from "./format.ts";
import { NameForm } from "./name_form.tsx";
import { FileTreeView, findEntry } from "./tree.tsx";

type Asking = "folder" | "file" | "rename" | undefined;

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The files manager. */
export function Page() {
  const tree = useFileTree();
  // Hosted files are landers' pages: changing them needs write on landers (as the server says).
  const writable = canWrite(useMyAccount().data, "landing");
  const [selected, setSelected] = useState("");
  const [asking, setAsking] = useState<Asking>();
  const [progress, setProgress] = useState<number>();
  const [replace, setReplace] = useState(false);
  const [unpack, setUnpack] = useState(true);
  const picker = useRef<HTMLInputElement>(null);
  const entries = tree.data?.entries ?? [];
  const entry = selected ? findEntry(entries, selected) : undefined;
  const folder = entry?.type === "directory" ? entry.path : entry ? folderOf(entry.path) : "";
  const where = `/lp/files/${folder ? `${folder}/` : ""}`;

  const refresh = () => tree.mutate();
  const done = async (path: string, text: string) => {
    await refresh();
    setSelected(path);
    setAsking(undefined);
    notify(text, { type: "success" });
  };
  const create = async (name: string) => {
    const path = joinPath(folder, name);
    if (asking === "folder") await createDirectory(path);
    else await createTextFile(path);
    await done(path, `Created ${path}`);
  };
  const rename = async (name: string) => {
    if (!entry) return;
    const to = joinPath(folderOf(entry.path), name);
    await renameEntry(entry.path, to);
    await done(to, `Renamed to ${to}`);
  };
  const remove = async () => {
    if (!entry) return;
    const what = entry.type === "directory" ? "the folder and everything in it" : "the file";
    if (!globalThis.confirm(`Delete ${entry.path} (${what})?`)) return;
    try {
      await deleteEntry(entry.path);
      setSelected(folderOf(entry.path));
      await refresh();
      notify(`Deleted ${entry.path}`, { type: "success" });
    } catch (error) {
      notify(message(error), { type: "error" });
    }
  };
  const upload = async (files: File[]) => {
    if (files.length === 0) return;
    setProgress(0);
    try {
      const answer = await uploadFiles(folder, files, {
        replace,
        unpack,
        onProgress: setProgress,
      });
      await refresh();
      notify(`Uploaded ${answer.files.length} file(s) to ${where}`, { type: "success" });
    } catch (error) {
      notify(message(error), { type: "error" });
    } finally {
      setProgress(undefined);
      if (picker.current) picker.current.value = "";
    }
  };
  const select = (next: FileEntry | undefined) => {
    setSelected(next?.path ?? "");
    setAsking(undefined);
  };
  const actions = writable ? { onRename: () => setAsking("rename"), onDelete: remove } : {};

  return (
    <div className="page">
      <PageHeader
        title="Files"
        actions={writable && (
          <>
            <button type="button" className="btn" onClick={() => setAsking("folder")}>
              New folder
            </button>
            <button type="button" className="btn" onClick={() => setAsking("file")}>
              New file
            </button>
            <button
              type="button"
              className="btn btn--primary"
              disabled={progress !== undefined}
              onClick={() => picker.current?.click()}
            >
              Upload
            </button>
            <input
              ref={picker}
              type="file"
              multiple
              hidden
              aria-label="Files to upload"
              onChange={(event) => upload([...(event.target.files ?? [])])}
            />
          </>
        )}
      >
        Hosted landers, served at <code>/lp/files/…</code>
      </PageHeader>
      {writable && (
        <div className="files-toolbar">
          <label className="check">
            <input
              type="checkbox"
              checked={replace}
              onChange={(event) => setReplace(event.target.checked)}
            />
            <span>Replace existing files on upload</span>
          </label>
          <label className="check">
            <input
              type="checkbox"
              checked={unpack}
              onChange={(event) => setUnpack(event.target.checked)}
            />
            <span>Unpack .zip archives (a lander's folder in one upload)</span>
          </label>
          {progress !== undefined && (
            <div className="upload-progress">
              <span>Uploading to {where}</span>
              <progress max={1} value={progress} aria-label="Upload progress" />
              <span>{Math.round(progress * 100)}%</span>
            </div>
          )}
        </div>
      )}
      {asking && (
        <NameForm
          key={`${asking}:${selected}`}
          label={asking === "folder" ? "Folder name" : asking === "file" ? "File name" : "New name"}
          submitLabel={asking === "rename" ? "Rename" : "Create"}
          initial={asking === "rename" ? entry?.name : ""}
          where={asking === "rename" ? `/lp/files/${entry?.path ?? ""}` : where}
          onSubmit={asking === "rename" ? rename : create}
          onCancel={() => setAsking(undefined)}
        />
      )}
      <div className="files-layout">
        <nav className="card files-layout__tree">
          <DataState loading={tree.isLoading} error={tree.error}>
            <FileTreeView entries={entries} selected={selected} onSelect={select} />
            {entries.length === 0 && (
              <p className="muted">No files yet: create a folder or upload a lander.</p>
            )}
            {tree.data?.truncated && <p className="muted">The tree is cut at 5000 entries.</p>}
          </DataState>
        </nav>
        <section className="card files-layout__details">
          {entry?.type === "file"
            ? <FileDetails entry={entry} {...actions} onSaved={refresh} />
            : <FolderDetails entry={entry} rootCount={entries.length} {...actions} />}
        </section>
      </div>
    </div>
  );
}
