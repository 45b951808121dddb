/** The right-hand side of the files manager: a text file in the editor, or a folder's facts. */
import { useEffect, useState } from "react";
import { type FileEntry, hostedUrl } from "../../contracts/files.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { downloadUrl, saveTextFile, useTextFile } from "./api.ts";
import { CodeEditor } from "./editor.tsx";
import { formatBytes } from "./format.ts";

/** Actions on the selected entry that the page performs; none for a reader (read-only). */
export interface EntryActions {
  onRename?: () => void;
  onDelete?: () => void;
}

function EntryButtons(props: EntryActions & { entry: FileEntry }) {
  return (
    <>
      <a className="btn" href={hostedUrl(props.entry.path)} target="_blank" rel="noreferrer">
        Open
      </a>
      {props.entry.type === "file" && (
        <a className="btn" href={downloadUrl(props.entry.path)} download={props.entry.name}>
          Download
        </a>
      )}
      {props.onRename && (
        <button type="button" className="btn" onClick={props.onRename}>Rename</button>
      )}
      {props.onDelete && (
        <button type="button" className="btn btn--danger" onClick={props.onDelete}>Delete</button>
      )}
    </>
  );
}

/** A file: its facts, and its text in the editor when it is text. */
export function FileDetails(props: EntryActions & { entry: FileEntry; onSaved: () => void }) {
  const { entry } = props;
  const writable = props.onRename !== undefined;
  const { data, error, isLoading, mutate } = useTextFile(entry.path);
  const [draft, setDraft] = useState<string>();
  const [saving, setSaving] = useState(false);
  useEffect(() => setDraft(undefined), [entry.path]);
  const text = draft ?? data?.content ?? "";
  const dirty = draft !== undefined && draft !== data?.content;
  const save = async () => {
    if (!dirty || saving) return;
    setSaving(true);
    try {
      await saveTextFile(entry.path, text);
      await mutate({ path: entry.path, content: text }, { revalidate: false });
      setDraft(undefined);
      props.onSaved();
      notify(`Saved ${entry.name}`, { type: "success" });
    } catch (err) {
      notifyError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <div className="stack">
      <div className="file-details__head">
        <div>
          <h2 className="section__title">{entry.name}</h2>
          <p className="muted file-details__meta">
            {entry.path} · {formatBytes(entry.size)} · {hostedUrl(entry.path)}
          </p>
        </div>
        <div className="page-header__actions file-details__actions">
          {writable && (
            <button
              type="button"
              className="btn btn--primary"
              disabled={!dirty || saving}
              onClick={save}
            >
              {saving ? "Saving…" : "Save"}
            </button>
          )}
          <EntryButtons {...props} />
        </div>
      </div>
      <DataState loading={isLoading && !data} error={error}>
        <CodeEditor
          label="File content"
          value={text}
          readOnly={!writable}
          onChange={setDraft}
          onSave={save}
        />
        {dirty && <p className="muted">Unsaved changes · Ctrl+S saves</p>}
      </DataState>
    </div>
  );
}

/** A folder (or the root): where new files go, and what it holds. */
export function FolderDetails(
  props: EntryActions & { entry?: FileEntry; rootCount: number },
) {
  const { entry } = props;
  const count = entry ? entry.children?.length ?? 0 : props.rootCount;
  return (
    <div className="stack">
      <div className="file-details__head">
        <div>
          <h2 className="section__title">{entry ? entry.name : "Hosted files"}</h2>
          <p className="muted file-details__meta">
            {entry ? hostedUrl(entry.path) : "/lp/files/"} · {count}{" "}
            {count === 1 ? "entry" : "entries"}
          </p>
        </div>
        {entry && (
          <div className="page-header__actions file-details__actions">
            <EntryButtons {...props} entry={entry} />
          </div>
        )}
      </div>
      <p className="muted">
        New folders, files and uploads go into this folder. A folder's <code>index.html</code>{" "}
        is what its address serves; folders are never listed. Point a lander at{" "}
        <code>{entry ? hostedUrl(`${entry.path}/`) : "/lp/files/…"}</code>{" "}
        and turn on its "protect" flag to let only visitors who came through a click open it.
      </p>
    </div>
  );
}
