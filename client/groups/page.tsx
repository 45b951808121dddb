/** Groups (menu entry): named buckets per entity type, used by the lists' group filter. */
import { useState } from "react";
import { type Group, GroupInput, groupNameClash, GroupType } from "../../contracts/group.ts";
import { DataState } from "../ui/data_state.tsx";
import {
  archiveEntities,
  changeAndRefresh,
  type InputOf,
  useEntityList,
  useMyAccount,
} from "../entities/entity_api.ts";
import { InlineEditor } from "../entities/inline_editor.tsx";
import { PageHeader } from "../ui/page.tsx";
import { canWrite, SUBJECT_LABELS } from "../../contracts/rights.ts";
import { EditArchiveCell, SimpleTable } from "../ui/simple_table.tsx";
import { formFields } from "../ui/form_kit.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"groups">>();

/** The groups page. */
export function Page() {
  const [type, setType] = useState<GroupType>("campaign");
  const list = useEntityList("groups", { sort: "name", order: "asc", limit: 10_000 });
  const account = useMyAccount();
  const writable = canWrite(account.data, "group");
  const [editing, setEditing] = useState<Group | null>(null);
  const all = list.data?.items ?? [];
  const items = all.filter((g) => g.type === type);
  const archive = (group: Group) =>
    changeAndRefresh("groups", () => archiveEntities("groups", [group.id]), {
      done: `${group.name} archived`,
    });
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
            {SUBJECT_LABELS[t]}{" "}
            <span className="muted">{all.filter((g) => g.type === t).length}</span>
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
          validate={(v): Record<string, string> => {
            const clash = groupNameClash(all, {
              name: String(v.name ?? ""),
              type,
              id: editing?.id,
            });
            return clash ? { name: clash } : {};
          }}
        >
          <F.TextField
            path="name"
            label={`${editing ? "Rename" : "New"} ${SUBJECT_LABELS[type].toLowerCase()} group`}
          />
        </InlineEditor>
      )}
      <DataState
        loading={list.isLoading}
        error={list.error}
        empty={items.length === 0}
        emptyText={`No ${SUBJECT_LABELS[type].toLowerCase()} groups yet.`}
      >
        <SimpleTable heads={["ID", "Name"]} actions={writable}>
          {items.map((g) => (
            <tr key={g.id}>
              <td className="num">{g.id}</td>
              <td>{g.name}</td>
              {writable && (
                <EditArchiveCell
                  editLabel="Rename"
                  onEdit={() => setEditing(g)}
                  onArchive={() => void archive(g)}
                />
              )}
            </tr>
          ))}
        </SimpleTable>
      </DataState>
    </div>
  );
}
