/** Bulk actions on the selected rows: edit, clone, mass edit, report, archive or restore. */
import { Link, useNavigate } from "react-router";
import { notify, notifyError } from "../app/toasts.tsx";
import { useConfirm } from "../ui/confirm.tsx";
import { archiveEntities, type ResourceName, restoreEntities } from "./entity_api.ts";
import type { ListConfig } from "./entity_list.tsx";

/** Props of `SelectionBar`. */
export interface SelectionBarProps<R extends ResourceName> {
  config: ListConfig<R>;
  ids: number[];
  writable: boolean;
  archivedView: boolean;
  range?: { from: string; to: string };
  timeZone: string;
  onDone: () => void;
}

/** The bar; hidden while nothing is selected. */
export function SelectionBar<R extends ResourceName>(props: SelectionBarProps<R>) {
  const { config, ids, writable, archivedView, onDone } = props;
  const navigate = useNavigate();
  const [confirm, dialog] = useConfirm();
  if (ids.length === 0) return dialog;
  const joined = ids.join(",");
  const count = `${ids.length} ${config.noun}${ids.length === 1 ? "" : "s"}`;
  const run = async (kind: "archive" | "restore") => {
    const ok = await confirm({
      title: `${kind === "archive" ? "Archive" : "Restore"} ${count}?`,
      body: kind === "archive"
        ? <p>Archived items stop showing in lists and pickers. You can restore them later.</p>
        : undefined,
      action: kind === "archive" ? "Archive" : "Restore",
      danger: kind === "archive",
    });
    if (!ok) return;
    try {
      if (kind === "archive") await archiveEntities(config.resource, ids);
      else await restoreEntities(config.resource, ids);
      notify(`${count} ${kind === "archive" ? "archived" : "restored"}`, { type: "success" });
    } catch (error) {
      notifyError(error);
    }
    onDone();
  };
  const base = config.path === "/campaigns" ? "/campaigns" : config.path;
  return (
    <div className="selection-bar" role="toolbar" aria-label="Selected rows">
      <strong>{count} selected</strong>
      {ids.length === 1 && (
        <Link className="btn btn--small" to={`${base}/edit/${ids[0]}`}>
          {writable ? "Edit" : "Open"}
        </Link>
      )}
      {ids.length === 1 && writable && (
        <Link className="btn btn--small" to={`${base}/clone/${ids[0]}`}>Clone</Link>
      )}
      {config.massEdit && writable && (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void navigate(`${base}/edit/mass/${joined}`)}
        >
          Mass edit
        </button>
      )}
      {config.reportType && (
        <Link className="btn btn--small" to={`/report/${config.reportType}/${joined}`}>Report</Link>
      )}
      {config.SelectionActions && writable && (
        <config.SelectionActions
          ids={ids}
          range={props.range}
          timeZone={props.timeZone}
          onDone={onDone}
        />
      )}
      {writable && !archivedView && (
        <button
          type="button"
          className="btn btn--small btn--danger-ghost"
          onClick={() => void run("archive")}
        >
          Archive
        </button>
      )}
      {writable && archivedView && (
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void run("restore")}
        >
          Restore
        </button>
      )}
      {dialog}
    </div>
  );
}
