/**
 * Status changes on the conversions screen (admins): one row's select or the
 * selected rows' bulk bar, each confirmed first, saying what the change does
 * (revenue moves, the source may get a postback, the change is recorded).
 */
import { type ReactNode, useState } from "react";
import type { ConversionItem } from "../../contracts/report_query.ts";
import { CONVERSION_ROUTES } from "../../contracts/api/reports.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { useConfirm } from "../ui/confirm.tsx";
import type { StatusEdit } from "../reports/leads.tsx";

/** The table's edit hooks and the bulk bar (only the dialog while nothing is selected). */
export function useStatusEdit(): { edit: StatusEdit; bar: ReactNode } {
  const [selected, setSelected] = useState(new Map<number, ConversionItem>());
  const [refresh, setRefresh] = useState(0);
  const [bulkStatus, setBulkStatus] = useState<ConversionStatus>("sale");
  const [confirm, dialog] = useConfirm();
  const toggle = (items: ConversionItem[], on: boolean) =>
    setSelected((old) => {
      const next = new Map(old);
      for (const item of items) on ? next.set(item.id, item) : next.delete(item.id);
      return next;
    });
  async function change(items: ConversionItem[], status: ConversionStatus) {
    const moving = items.filter((i) => i.status !== status);
    if (moving.length === 0) return;
    const what = moving.length === 1
      ? `conversion ${moving[0].txid || `#${moving[0].id}`} from ${moving[0].status}`
      : `${moving.length} conversions`;
    const ok = await confirm({
      title: `Change ${what} to ${status}?`,
      body: (
        <p>
          Revenue and reports change with it, the traffic source gets a postback when its rules
          forward {status}, and the change is recorded under your name.
        </p>
      ),
      action: "Change status",
    });
    if (!ok) return;
    try {
      const body = { ids: moving.map((i) => i.id), status };
      await call(CONVERSION_ROUTES.mass, { body });
      notify(`${moving.length === 1 ? "Status" : `${moving.length} statuses`} set to ${status}`, {
        type: "success",
      });
      setSelected(new Map());
    } catch (error) {
      notifyError(error);
    }
    setRefresh((n) => n + 1);
  }
  const bar = selected.size === 0
    ? dialog
    : (
      <div className="selection-bar" role="toolbar" aria-label="Selected conversions">
        <strong>{selected.size} selected</strong>
        <select
          aria-label="New status"
          value={bulkStatus}
          onChange={(e) => setBulkStatus(ConversionStatus.parse(e.target.value))}
        >
          {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
        </select>
        <button
          type="button"
          className="btn btn--small"
          onClick={() => void change([...selected.values()], bulkStatus)}
        >
          Change status
        </button>
        {dialog}
      </div>
    );
  return { edit: { selected, toggle, change, refresh }, bar };
}
