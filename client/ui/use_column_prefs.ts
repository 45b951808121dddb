/**
 * The columns a list (or the report) shows: this browser's last choice (local
 * storage), else the list's default saved set, else the built-in defaults;
 * plus the saved column sets of Settings → Columns (`GET|PUT
 * /api/settings/columns`, per user) to pick, save and delete.
 */
import { useState } from "react";
import useSWR from "swr";
import { ColumnList as ColumnListSchema } from "../../contracts/settings.ts";
import { SETTINGS_ROUTES } from "../../contracts/api/settings.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { browserStore } from "../app/storage.ts";
import { notify } from "../app/toasts.tsx";
import type { ColumnChooserProps, SavedSetsProps } from "./column_chooser.tsx";
import {
  type ColumnList,
  columnsKey,
  hiddenForSet,
  readStoredHidden,
  setsOf,
  showsSet,
  toggleColumn,
  withoutSet,
  withSet,
  writeHiddenColumns,
} from "./column_prefs.ts";

const COLUMNS = SETTINGS_ROUTES.columns;
/** Where the saved sets live; also the settings screen's SWR key, so both see one copy. */
const COLUMN_SETS_URL = routeUrl(COLUMNS.get, {});

/** The user's saved column sets, every list's. */
export function useColumnSets() {
  return useSWR(COLUMN_SETS_URL, () => call(COLUMNS.get, {}));
}

/** What `useColumnPrefs` needs to know about the list. */
export interface ColumnPrefsOptions {
  /** The list's storage name; only lists of the settings contract get saved sets. */
  list: string;
  /** Every column key the list has now. */
  known: readonly string[];
  hiddenByDefault: readonly string[];
  /** A column that always shows (the name). */
  pinned?: string;
}

/** The hidden columns, and the chooser's props (all but `columns`). */
export function useColumnPrefs(
  options: ColumnPrefsOptions,
): { hidden: string[]; chooser: Omit<ColumnChooserProps, "columns"> } {
  const { list, known, pinned } = options;
  // Unfiltered: the report learns its columns only once its answer is in.
  const [choice, setChoice] = useState(() => readStoredHidden(browserStore(), { list }));
  const savable = ColumnListSchema.safeParse(list);
  const settings = useColumnSets();
  const all = settings.data?.sets ?? [];
  const mine = savable.success ? setsOf(all, savable.data) : [];
  const byName = (name: string) => mine.find((s) => s.name === name);
  const fallback = mine.find((s) => s.isDefault);
  const base = choice ??
    (fallback ? hiddenForSet(fallback.columns, { known, pinned }) : options.hiddenByDefault);
  const hidden = base.filter((key) => known.includes(key));

  const choose = (next: string[]) => {
    setChoice(next);
    writeHiddenColumns(browserStore(), list, next);
  };
  const store = async (sets: typeof all) => {
    const saved = await call(COLUMNS.put, { body: { sets } });
    await settings.mutate(saved, { revalidate: false });
  };
  return {
    hidden,
    chooser: {
      hidden,
      onToggle: (key) => choose(toggleColumn(hidden, key, pinned)),
      onReset: () => {
        // Forget this browser's choice: the default set (or built-ins) apply, now and later.
        browserStore().removeItem(columnsKey(list));
        setChoice(undefined);
      },
      sets: savable.success ? savedSets(savable.data) : undefined,
    },
  };

  function savedSets(setList: ColumnList): SavedSetsProps {
    return {
      ready: settings.data !== undefined,
      saved: mine.map((s) => ({
        name: s.name,
        isDefault: s.isDefault,
        active: showsSet(hidden, s.columns, { known, pinned }),
      })),
      onPick: (name) => {
        const set = byName(name);
        if (set) choose(hiddenForSet(set.columns, { known, pinned }));
      },
      onSave: async (name) => {
        const columns = known.filter((key) => !hidden.includes(key));
        await store(withSet(all, { list: setList, name, columns }));
        notify(`Column set "${name}" saved`, { type: "success" });
      },
      onDelete: async (name) => {
        await store(withoutSet(all, setList, name));
        notify(`Column set "${name}" deleted`);
      },
    };
  }
}
