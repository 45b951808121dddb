/**
 * The mass-edit modal at `…/edit/mass/:ids`: pick the fields to change, see
 * what will change for how many items, apply one patch to all through
 * `PATCH /mass` (all or none).
 */
import { type ReactNode, useState } from "react";
import { useLocation, useMatches, useNavigate, useParams } from "react-router";
import useSWR from "swr";
import type { z } from "zod";
import type { GroupType } from "../../contracts/group.ts";
import { ApiError } from "../app/api.ts";
import { parseRouteIds } from "../app/route_rules.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import {
  getEntity,
  massPatchEntities,
  type PatchOf,
  refreshResource,
  type ResourceName,
  useOptions,
} from "./entity_api.ts";
import { checkWith, type FieldErrors, issuesToErrors } from "../ui/form_errors.ts";
import { ErrorList } from "../ui/error_list.tsx";
import { FormContext } from "../ui/form_state.ts";
import { setIn } from "../ui/form_values.ts";
import { useModalDialog } from "../ui/modal.tsx";
import { GroupField } from "../ui/form_controls.tsx";

/** One field a mass edit may change. */
export interface MassField<K extends string = string> {
  /** The patch key (`payout`). */
  key: K;
  label: string;
  /** The control, bound to `key` inside the modal's form. */
  control: ReactNode;
  /** The value a new patch starts with. */
  start: unknown;
  /** How a value reads in the summary. */
  show?: (value: unknown) => string;
}

/** The fields a patch of `R` may change. */
type PatchKey<R extends ResourceName> = Extract<keyof PatchOf<R>, string>;

/** What an entity feature tells the mass-edit modal; its fields are keys of the resource's patch. */
export interface MassEditConfig<R extends ResourceName = ResourceName> {
  resource: R;
  path: string;
  noun: string;
  /** The group picker of this type is the first field. */
  groupType: GroupType;
  /** The patch contract: it checks the chosen values. */
  patchSchema: z.ZodObject;
  /** The fields after the group. */
  fields: MassField<PatchKey<R>>[];
}

function useItems(resource: ResourceName, ids: number[]) {
  return useSWR(
    `mass:${resource}:${ids.join(",")}`,
    () => Promise.all(ids.map((id) => getEntity(resource, id))),
  );
}

/** What a patch changes: per field, how many items get a new value, and from what. */
export function summarise(
  items: readonly Record<string, unknown>[],
  patch: Record<string, unknown>,
  show: (key: string, value: unknown) => string,
): Array<{ key: string; to: string; from: string[]; changes: number }> {
  return Object.entries(patch).map(([key, value]) => {
    const differing = items.filter((item) => JSON.stringify(item[key]) !== JSON.stringify(value));
    const from = [...new Set(differing.map((item) => show(key, item[key])))];
    return { key, to: show(key, value), from, changes: differing.length };
  });
}

/** The group field every mass edit starts with. */
function groupField(type: GroupType): MassField {
  return { key: "groupId", label: "Group", start: null, control: <GroupField type={type} /> };
}

/** The modal over a list. */
export function MassEditModal<R extends ResourceName>(props: { config: MassEditConfig<R> }) {
  const config: Omit<MassEditConfig, "fields"> & { fields: MassField[] } = {
    ...props.config,
    fields: [groupField(props.config.groupType), ...props.config.fields],
  };
  const { ids = "" } = useParams();
  const list = parseRouteIds(ids);
  const matches = useMatches();
  const { search } = useLocation();
  const navigate = useNavigate();
  const dialog = useModalDialog();
  const listPath = matches.at(-2)?.pathname ?? config.path;
  const items = useItems(config.resource, list);
  const groups = useOptions("groups");
  const [chosen, setChosen] = useState<string[]>([]);
  const [values, setValues] = useState<Record<string, unknown>>(
    () => Object.fromEntries(config.fields.map((f) => [f.key, f.start])),
  );
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const close = () => void navigate({ pathname: listPath, search });
  const groupNames = new Map((groups.data?.items ?? []).map((g) => [g.id, g.name]));
  const show = (key: string, value: unknown) => {
    if (key === "groupId") {
      return value === null ? "no group" : groupNames.get(Number(value)) ?? `#${value}`;
    }
    const field = config.fields.find((f) => f.key === key);
    if (field?.show) return field.show(value);
    return value === "" || value === null || value === undefined ? "—" : String(value);
  };
  const patch = Object.fromEntries(chosen.map((key) => [key, values[key]]));
  const summary = items.data ? summarise(items.data, patch, show) : [];
  const apply = async () => {
    const result = checkWith(config.patchSchema, patch);
    if (!result.ok) return setErrors(result.errors);
    setSaving(true);
    try {
      await massPatchEntities(config.resource, list, result.value);
      await refreshResource(config.resource);
      notify(`${list.length} ${config.noun}s updated`, { type: "success" });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.issues?.length) {
        setErrors(issuesToErrors(error.issues, "patch"));
      } else notifyError(error);
    } finally {
      setSaving(false);
    }
  };
  const toggle = (key: string) =>
    setChosen(chosen.includes(key) ? chosen.filter((k) => k !== key) : [...chosen, key]);
  return (
    <dialog
      ref={dialog}
      className="modal modal--wide"
      aria-labelledby="mass-edit-title"
      onCancel={(event) => {
        event.preventDefault();
        close();
      }}
    >
      <h2 id="mass-edit-title" className="modal__title">
        Mass edit {list.length} {config.noun}
        {list.length === 1 ? "" : "s"}
      </h2>
      <DataState loading={items.isLoading} error={items.error}>
        <p className="muted mass__ids">{(items.data ?? []).map((i) => i.name).join(", ")}</p>
        <FormContext.Provider
          value={{
            values,
            set: (path, value) => setValues((v) => setIn(v, path, value)),
            errors,
            schema: config.patchSchema,
            readOnly: false,
          }}
        >
          <div className="mass__fields">
            {config.fields.map((field) => (
              <div
                key={field.key}
                className={`mass__row${chosen.includes(field.key) ? " is-on" : ""}`}
              >
                <label className="check mass__toggle">
                  <input
                    type="checkbox"
                    checked={chosen.includes(field.key)}
                    onChange={() => toggle(field.key)}
                  />
                  Change {field.label === field.label.toUpperCase()
                    ? field.label
                    : field.label.toLowerCase()}
                </label>
                <fieldset disabled={!chosen.includes(field.key)} className="mass__control">
                  {field.control}
                </fieldset>
              </div>
            ))}
          </div>
        </FormContext.Provider>
        <section className="mass__summary" aria-label="Summary of changes">
          <h3>Summary</h3>
          {summary.length === 0 ? <p className="muted">Tick the fields to change.</p> : (
            <ul>
              {summary.map((line) => (
                <li key={line.key}>
                  <strong>{config.fields.find((f) => f.key === line.key)?.label}</strong>
                  {line.changes === 0 ? <>: already {line.to} on all</> : (
                    <>
                      : {line.from.join(", ")} → <strong>{line.to}</strong> on {line.changes} of
                      {" "}
                      {list.length}
                    </>
                  )}
                </li>
              ))}
            </ul>
          )}
          {Object.keys(errors).length > 0 && (
            <ErrorList errors={Object.entries(errors)} className="field__error" role="alert" />
          )}
        </section>
      </DataState>
      <div className="modal__actions">
        <button type="button" className="btn" onClick={close}>Cancel</button>
        <button
          type="button"
          className="btn btn--primary"
          disabled={saving || summary.every((l) => l.changes === 0)}
          onClick={() => void apply()}
        >
          {saving ? "Applying…" : `Apply to ${list.length}`}
        </button>
      </div>
    </dialog>
  );
}
