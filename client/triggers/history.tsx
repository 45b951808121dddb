/** The actions triggers took (what, when, why, the figures), each undoable once. */
import { ACTION_LABELS, type ActionRecord } from "../../contracts/trigger.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { useConfirm } from "../ui/confirm.tsx";
import { DataState } from "../ui/data_state.tsx";
import { refreshResource } from "../entities/entity_api.ts";
import { formatStamp } from "../ui/format.ts";
import { SimpleTable } from "../ui/simple_table.tsx";
import { undoAction, useHistory, useRefreshTriggerViews } from "./api.ts";

function Figures({ figures }: { figures: Record<string, number> }) {
  const entries = Object.entries(figures);
  if (entries.length === 0) return <span className="muted">—</span>;
  return (
    <ul className="trigger-figures">
      {entries.map(([name, value]) => <li key={name}>{name}: {value}</li>)}
    </ul>
  );
}

function What({ record }: { record: ActionRecord }) {
  const changed = record.changes.map((c) => c.label).join(", ");
  return (
    <>
      {ACTION_LABELS[record.kind]}
      {changed && <span className="muted">: {changed}</span>}
      {record.undoneAt !== null && (
        <span className="chip chip--muted">
          undone{record.undoneBy && ` by ${record.undoneBy}`} {formatStamp(record.undoneAt)}
        </span>
      )}
      {record.error && <p className="field__error">{record.error}</p>}
    </>
  );
}

/** The history table; one trigger's when `triggerId` is set. */
export function TriggerHistory(props: { triggerId?: number; canUndo: boolean }) {
  const history = useHistory(props.triggerId);
  const [confirm, dialog] = useConfirm();
  const refreshTriggerViews = useRefreshTriggerViews();
  const undo = async (record: ActionRecord) => {
    const ok = await confirm({
      title: "Undo this action?",
      body: `${ACTION_LABELS[record.kind]} for ${record.label} is put back as it was.`,
      action: "Undo",
    });
    if (!ok) return;
    try {
      await undoAction(record.id);
      await Promise.all([
        refreshTriggerViews(),
        refreshResource("campaigns"),
        refreshResource("rotations"),
      ]);
      notify("Action undone", { type: "success" });
    } catch (error) {
      notifyError(error);
    }
  };
  const items = history.data?.items ?? [];
  return (
    <section className="section card" aria-label="History">
      <h3 className="section__title">History</h3>
      <DataState
        loading={history.isLoading}
        error={history.error}
        empty={items.length === 0}
        emptyText="No actions yet."
      >
        <SimpleTable heads={["When", "Trigger", "For", "What", "Why", "Figures"]} actions>
          {items.map((r) => (
            <tr key={r.id} data-testid="trigger-action">
              <td>{formatStamp(r.ts)}</td>
              <td>{r.triggerName}</td>
              <td>{r.label}</td>
              <td>
                <What record={r} />
              </td>
              <td>{r.why}</td>
              <td>
                <Figures figures={r.figures} />
              </td>
              <td>
                {props.canUndo && r.changes.length > 0 && r.undoneAt === null && (
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() => void undo(r)}
                  >
                    Undo
                  </button>
                )}
              </td>
            </tr>
          ))}
        </SimpleTable>
      </DataState>
      {dialog}
    </section>
  );
}
