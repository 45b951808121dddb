/**
 * Saved column sets of a report table, kept per user in the settings section
 * "columns" (`GET|PUT /api/settings/columns`): pick one, or save the shown
 * columns under a name.
 */
import useSWR from "swr";
import { type ColumnSet, ColumnsSettings } from "../../contracts/settings.ts";
import { api } from "../app/api.ts";

type List = ColumnSet["list"];

/** The chooser of saved sets for `list`. */
export function ColumnSets(props: {
  list: List;
  shown: readonly string[];
  onApply: (columns: string[]) => void;
}) {
  const settings = useSWR(
    "/api/settings/columns",
    () => api("/api/settings/columns", { schema: ColumnsSettings }),
  );
  const sets = settings.data?.sets.filter((s) => s.list === props.list) ?? [];
  async function save() {
    const name = globalThis.prompt?.("Name of the column set")?.trim();
    if (!name || !settings.data) return;
    const others = settings.data.sets.filter((s) => !(s.list === props.list && s.name === name));
    const next = {
      sets: [...others, { list: props.list, name, columns: [...props.shown], isDefault: false }],
    };
    await api("/api/settings/columns", { method: "put", body: next });
    await settings.mutate();
  }
  return (
    <div className="report__sets">
      <label className="sr-only" htmlFor={`sets-${props.list}`}>Column set</label>
      <select
        id={`sets-${props.list}`}
        value=""
        onChange={(e) => {
          const set = sets.find((s) => s.name === e.target.value);
          if (set) props.onApply(set.columns);
        }}
      >
        <option value="">Column sets…</option>
        {sets.map((s) => <option key={s.name} value={s.name}>{s.name}</option>)}
      </select>
      <button type="button" className="btn btn--small btn--ghost" onClick={() => void save()}>
        Save set
      </button>
    </div>
  );
}
