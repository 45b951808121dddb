/** Groups (menu entry): named buckets per entity type, used by the lists' group filter. */
import { useState } from "react";
import { GroupInput, GroupType } from "../../contracts/group.ts";
import { notify } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import {
  type AnyEntity,
  archiveEntities,
  refreshResource,
  useEntityList,
  useMyAccount,
} from "../ui/entity_api.ts";
import { TextField } from "../ui/form_controls.tsx";
import { InlineEditor } from "../ui/inline_editor.tsx";
import { PageHeader } from "../ui/page.tsx";
import { canWrite } from "../ui/rights.ts";

const LABELS: Record<GroupType, string> = {
  campaign: "Campaigns",
  offer: "Offers",
  landing: "Landers",
  "traffic-source": "Traffic sources",
  "affiliate-network": "Affiliate networks",
  rotation: "Rotations",
};

/** The groups page. */
export function Page() {
  const [type, setType] = useState<GroupType>("campaign");
  const list = useEntityList("groups", { sort: "name", order: "asc", limit: 10_000 });
  const account = useMyAccount();
  const writable = canWrite(account.data, "group");
  const [editing, setEditing] = useState<AnyEntity | null>(null);
  const all = list.data?.items ?? [];
  const items = all.filter((g) => g.type === type);
  const archive = async (group: AnyEntity) => {
    try {
      await archiveEntities("groups", [group.id]);
      await refreshResource("groups");
      notify(`${group.name} archived`, { type: "success" });
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: "error" });
    }
  };
  return (
    <div className="page">
      <PageHeader title="Groups" />
      <div className="segmented" role="tablist" aria-label="Entity type">
        {GroupType.options.map((t) => (
          <button
            key={t}
            type="button"
            role="tab"
            aria-selected={t === type}
            className={`segmented__item${t === type ? " is-on" : ""}`}
            onClick={() => {
              setType(t);
              setEditing(null);
            }}
          >
            {LABELS[t]} <span className="muted">{all.filter((g) => g.type === t).length}</span>
          </button>
        ))}
      </div>
      {writable && (
        <InlineEditor
          key={`${type}:${editing?.id ?? "new"}`}
          resource="groups"
          noun="group"
          schema={GroupInput}
          start={editing
            ? { values: { name: editing.name, type, notes: editing.notes ?? "" }, id: editing.id }
            : { values: { name: "", type, notes: "" } }}
          onDone={() => setEditing(null)}
        >
          <TextField
            path="name"
            label={`${editing ? "Rename" : "New"} ${LABELS[type].toLowerCase()} group`}
          />
        </InlineEditor>
      )}
      <DataState
        loading={list.isLoading}
        error={list.error}
        empty={items.length === 0}
        emptyText={`No ${LABELS[type].toLowerCase()} groups yet.`}
      >
        <div className="table-wrap">
          <table className="simple-table">
            <thead>
              <tr>
                <th scope="col">ID</th>
                <th scope="col">Name</th>
                {writable && (
                  <th scope="col">
                    <span className="sr-only">Actions</span>
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {items.map((g) => (
                <tr key={g.id}>
                  <td className="num">{g.id}</td>
                  <td>{g.name}</td>
                  {writable && (
                    <td className="simple-table__actions">
                      <button
                        type="button"
                        className="btn btn--small"
                        onClick={() => setEditing(g)}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        className="btn btn--small btn--danger-ghost"
                        onClick={() => void archive(g)}
                      >
                        Archive
                      </button>
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </DataState>
    </div>
  );
}
