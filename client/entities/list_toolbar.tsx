/** The list's filter bar: search, group, archived filter, dates and the column chooser. */
import { useEffect, useRef, useState } from "react";
import type { GroupType } from "../../contracts/group.ts";
import { debounce } from "../app/helpers.ts";
import { ColumnChooser, type ColumnChooserProps } from "../ui/column_chooser.tsx";
import { DateRangePicker } from "../ui/date_range_picker.tsx";
import type { DayRange } from "../ui/date_range.ts";
import { useOptions } from "./entity_api.ts";
import type { ArchivedFilter, ListState } from "../ui/list_state.ts";

/** Props of `ListToolbar`. */
export interface ListToolbarProps {
  state: ListState;
  onChange: (patch: Partial<ListState>) => void;
  groupType?: GroupType;
  range?: DayRange;
  timeZone: string;
  columns: ColumnChooserProps;
  onRefresh: () => void;
  noun: string;
}

function SearchBox(props: { value: string; onChange: (value: string) => void; noun: string }) {
  const [text, setText] = useState(props.value);
  const latest = useRef(props.onChange);
  latest.current = props.onChange;
  const [push] = useState(() => debounce((v: string) => latest.current(v), 300));
  useEffect(() => setText(props.value), [props.value]);
  useEffect(() => () => push.cancel(), [push]);
  return (
    <input
      type="search"
      className="input input--search"
      placeholder={`Search ${props.noun}s by name or id`}
      aria-label="Search"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        push(event.target.value);
      }}
    />
  );
}

function GroupFilter(
  props: { type: GroupType; value: number | null; onChange: (id: number | null) => void },
) {
  const groups = useOptions("groups");
  const own = (groups.data?.items ?? []).filter((g) => g.type === props.type && !g.archived);
  return (
    <select
      className="input"
      aria-label="Group"
      value={props.value ?? ""}
      onChange={(event) => props.onChange(event.target.value ? Number(event.target.value) : null)}
    >
      <option value="">All groups</option>
      {own.map((group) => <option key={group.id} value={group.id}>{group.name}</option>)}
    </select>
  );
}

/** The bar. */
export function ListToolbar(props: ListToolbarProps) {
  const { state, onChange } = props;
  return (
    <div className="toolbar" role="search">
      <SearchBox
        value={state.search}
        onChange={(search) => onChange({ search })}
        noun={props.noun}
      />
      {props.groupType && (
        <GroupFilter
          type={props.groupType}
          value={state.groupId}
          onChange={(groupId) => onChange({ groupId })}
        />
      )}
      <select
        className="input"
        aria-label="Archived"
        value={state.archived}
        onChange={(event) => onChange({ archived: event.target.value as ArchivedFilter })}
      >
        <option value="false">Active</option>
        <option value="true">Archived</option>
        <option value="all">Active and archived</option>
      </select>
      {props.range && (
        <DateRangePicker
          key={`${props.range.from}/${props.range.to}`}
          preset={state.range}
          range={props.range}
          timeZone={props.timeZone}
          onChange={onChange}
        />
      )}
      <div className="toolbar__spacer" />
      <button type="button" className="btn btn--small" onClick={props.onRefresh} title="Reload">
        ↻<span className="sr-only">Reload</span>
      </button>
      <ColumnChooser {...props.columns} />
    </div>
  );
}
