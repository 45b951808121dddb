/** The trigger form: scope, conditions, formulas, actions, schedule, dry run. */
import type { ReactNode } from "react";
import { METRICS } from "../../contracts/report.ts";
import {
  type Action,
  ACTION_LABELS,
  ACTION_SCOPES,
  Channel,
  CompareOp,
  type Condition,
  SCOPE_LABELS,
  ScopeType,
} from "../../contracts/trigger.ts";
import { type InputOf, type ResourceName, useOptions } from "../entities/entity_api.ts";
import { useField } from "../ui/form_state.ts";
import { type PathValue, type Place, toPlace, within } from "../ui/field_path.ts";
import { DryRun } from "./dry_run.tsx";
import { formFields } from "../ui/form_kit.ts";
import { EntityField, NumberField, SelectField, TextField } from "../ui/form_controls.tsx";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<TriggerValues>();

type TriggerValues = InputOf<"triggers">;
type ConditionValues = PathValue<TriggerValues, `conditions.${number}`>;
type ActionValues = PathValue<TriggerValues, `actions.${number}`>;
type FormulaValues = PathValue<TriggerValues, `formulas.${number}`>;

const SCOPE_RESOURCES: Partial<Record<ScopeType, ResourceName>> = {
  campaign: "campaigns",
  offer: "offers",
  landing: "landings",
  "traffic-source": "traffic-sources",
  "affiliate-network": "affiliate-networks",
};

const TOKENS = Array.from({ length: 30 }, (_, i) => [`t${i + 1}`, `Token ${i + 1}`] as const);
const UNITS = [["minutes", "minutes"], ["hours", "hours"], ["days", "days"]] as const;

/** What a new condition of each kind starts as. */
export const NEW_CONDITION: Record<Condition["kind"], Condition> = {
  metric: {
    kind: "metric",
    metric: "cost",
    window: { amount: 6, unit: "hours" },
    compare: "value",
    op: ">=",
    value: 20,
  },
  noPostbacks: { kind: "noPostbacks", window: { amount: 3, unit: "hours" }, minClicks: 100 },
  urlDown: { kind: "urlDown", mustContain: "" },
};

const CONDITION_LABELS: Record<Condition["kind"], string> = {
  metric: "A metric",
  noPostbacks: "No postbacks while clicks flow",
  urlDown: "URL down (or lacks a text)",
};

function newAction(kind: Action["kind"]): Action {
  switch (kind) {
    case "notify":
      return { kind, channels: ["panel"] };
    case "setPathWeight":
      return { kind, owner: "campaign", ownerId: 0, rule: -1, path: 0, weight: 0 };
    case "blockToken":
      return { kind, offerId: 0 };
    default:
      return { kind };
  }
}

function IdsField(props: { resource: ResourceName }) {
  const field = F.useField("scope.ids");
  const list = useOptions(props.resource);
  const ids = field.value ?? [];
  const items = (list.data?.items ?? []).filter((i) => !i.archived || ids.includes(i.id));
  return (
    <fieldset className="field trigger-ids">
      <legend>Items (none ticked: every live one)</legend>
      {items.map((item) => (
        <label key={item.id} className="check">
          <input
            type="checkbox"
            checked={ids.includes(item.id)}
            disabled={field.readOnly}
            onChange={(e) =>
              field.set(e.target.checked ? [...ids, item.id] : ids.filter((i) => i !== item.id))}
          />
          {item.name}
        </label>
      ))}
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
    </fieldset>
  );
}

function ScopeSection() {
  const scope = F.useField("scope");
  const type = scope.value?.type ?? "campaign";
  const resource = SCOPE_RESOURCES[type];
  return (
    <section className="section card" aria-label="Scope">
      <h3 className="section__title">Watch</h3>
      <label className="field">
        <span className="field__label">Scope</span>
        <select
          aria-label="Scope"
          value={type}
          disabled={scope.readOnly}
          onChange={(e) =>
            scope.set({
              type: e.target.value as ScopeType,
              ids: [],
              campaignId: null,
              token: e.target.value === "token" ? "t1" : null,
            })}
        >
          {ScopeType.options.map((t) => <option key={t} value={t}>{SCOPE_LABELS[t]}</option>)}
        </select>
      </label>
      {resource && <IdsField key={type} resource={resource} />}
      {type === "token" && (
        <div className="form-grid">
          <F.EntityField path="scope.campaignId" label="Campaign" resource="campaigns" empty="—" />
          <F.SelectField path="scope.token" label="Token" options={TOKENS} />
        </div>
      )}
    </section>
  );
}

function Rows<T>(props: {
  path: Place<T[] | undefined>;
  add: ReactNode;
  children: (item: T, at: Place<T>, remove: () => void) => ReactNode;
}) {
  const field = useField(props.path);
  const list = field.value ?? [];
  return (
    <>
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
      {list.map((item, i) =>
        props.children(item, toPlace<T>(`${props.path}.${i}`), () =>
          field.set(list.filter((_, j) =>
            j !== i
          )))
      )}
      {!field.readOnly && props.add}
    </>
  );
}

function AddButton(props: { label: string; onAdd: () => void }) {
  return (
    <button type="button" className="btn btn--small" onClick={props.onAdd}>{props.label}</button>
  );
}

function KindSelect<K extends string>(props: {
  label: string;
  value: K;
  options: readonly (readonly [K, string])[];
  readOnly: boolean;
  onChange: (kind: K) => void;
}) {
  return (
    <label className="field">
      <span className="field__label">{props.label}</span>
      <select
        value={props.value}
        disabled={props.readOnly}
        onChange={(e) => props.onChange(e.target.value as K)}
      >
        {props.options.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
      </select>
    </label>
  );
}

/** A row's remove button; none for a read-only viewer, whose form saves nothing. */
function RemoveButton(props: { label: string; readOnly: boolean; onRemove: () => void }) {
  if (props.readOnly) return null;
  return (
    <button type="button" className="btn btn--small btn--ghost" onClick={props.onRemove}>
      {props.label}
    </button>
  );
}

function ConditionRow(props: { at: Place<ConditionValues>; remove: () => void }) {
  const field = useField(props.at);
  const formulas = F.useField("formulas").value ?? [];
  const c = field.value;
  const metrics = [
    ...METRICS.map((m) => [m.name, m.label] as const),
    ...formulas.map((f) => [f.name, f.label || f.name] as const),
  ];
  return (
    <div className="trigger-row" data-testid="condition">
      <div className="form-grid">
        <KindSelect
          label="Condition"
          value={c.kind}
          options={Object.entries(CONDITION_LABELS) as [Condition["kind"], string][]}
          readOnly={field.readOnly}
          onChange={(kind) => field.set(NEW_CONDITION[kind])}
        />
        {c.kind === "metric" && (
          <>
            <SelectField path={within(props.at, "metric")} label="Metric" options={metrics} />
            <SelectField
              path={within(props.at, "compare")}
              label="Compared with"
              options={[["value", "a number"], ["previous", "the previous window (% change)"]]}
            />
            <SelectField
              path={within(props.at, "op")}
              label="Operator"
              options={CompareOp.options.map((o) => [o, o])}
            />
            <NumberField
              path={within(props.at, "value")}
              label={c.compare === "previous" ? "Change %" : "Value"}
            />
          </>
        )}
        {c.kind !== "urlDown" && (
          <>
            <NumberField path={within(props.at, "window.amount")} label="Last" step={1} />
            <SelectField path={within(props.at, "window.unit")} label="Unit" options={UNITS} />
          </>
        )}
        {c.kind === "noPostbacks" && (
          <NumberField path={within(props.at, "minClicks")} label="While clicks ≥" step={1} />
        )}
        {c.kind === "urlDown" && (
          <TextField
            path={within(props.at, "mustContain")}
            label="Page must contain (optional)"
          />
        )}
      </div>
      <RemoveButton label="Remove condition" readOnly={field.readOnly} onRemove={props.remove} />
    </div>
  );
}

function ActionRow(props: { at: Place<ActionValues>; remove: () => void }) {
  const field = useField(props.at);
  const scope = F.useField("scope.type").value;
  const a = field.value;
  const kinds = (Object.keys(ACTION_LABELS) as Action["kind"][]).filter((k) =>
    ACTION_SCOPES[k]?.includes(scope) ?? true
  );
  return (
    <div className="trigger-row" data-testid="action">
      <div className="form-grid">
        <KindSelect
          label="Action"
          value={a.kind}
          options={kinds.map((k) => [k, ACTION_LABELS[k]] as const)}
          readOnly={field.readOnly}
          onChange={(kind) => field.set(newAction(kind))}
        />
        {a.kind === "notify" && Channel.options.map((ch) => (
          <label key={ch} className="check">
            <input
              type="checkbox"
              checked={a.channels.includes(ch)}
              disabled={field.readOnly}
              onChange={(e) =>
                field.set({
                  ...a,
                  channels: e.target.checked
                    ? [...a.channels, ch]
                    : a.channels.filter((x) => x !== ch),
                })}
            />
            {ch}
          </label>
        ))}
        {a.kind === "setPathWeight" && (
          <>
            <SelectField
              path={within(props.at, "owner")}
              label="In"
              options={[["campaign", "a campaign"], ["rotation", "a rotation"]]}
            />
            <EntityField
              path={within(props.at, "ownerId")}
              label={a.owner === "campaign" ? "Campaign" : "Rotation"}
              resource={a.owner === "campaign" ? "campaigns" : "rotations"}
              empty="—"
            />
            <NumberField
              path={within(props.at, "rule")}
              label="Rule # (-1: default paths)"
              step={1}
            />
            <NumberField path={within(props.at, "path")} label="Path # (from 0)" step={1} />
            <NumberField path={within(props.at, "weight")} label="Weight" step={1} />
          </>
        )}
        {a.kind === "blockToken" && (
          <EntityField
            path={within(props.at, "offerId")}
            label="Send blocked traffic to offer"
            resource="offers"
            empty="—"
          />
        )}
      </div>
      <RemoveButton label="Remove action" readOnly={field.readOnly} onRemove={props.remove} />
    </div>
  );
}

function FormulaRow(props: { at: Place<FormulaValues>; remove: () => void }) {
  const field = useField(props.at);
  return (
    <div className="trigger-row form-grid">
      <TextField path={within(props.at, "name")} label="Name (f_…)" />
      <TextField path={within(props.at, "label")} label="Label" />
      <TextField path={within(props.at, "expr")} label="Formula" placeholder="cost / conversions" />
      <RemoveButton label="Remove formula" readOnly={field.readOnly} onRemove={props.remove} />
    </div>
  );
}

/** The trigger form's fields. */
export function TriggerFields() {
  const conditions = F.useField("conditions");
  const actions = F.useField("actions");
  const formulas = F.useField("formulas");
  const scope = F.useField("scope.type").value;
  return (
    <div className="stack">
      <section className="section card" aria-label="General">
        <div className="form-grid">
          <F.TextField path="name" label="Name" />
          <F.CheckField path="enabled" label="Switched on" />
          <F.NumberField path="checkEveryMinutes" label="Check every (minutes)" step={1} />
          <F.NumberField path="cooldownMinutes" label="Cooldown (minutes)" step={1} />
        </div>
        <F.TextAreaField path="notes" label="Notes" rows={2} />
      </section>
      <ScopeSection />
      <section className="section card" aria-label="Conditions">
        <h3 className="section__title">When</h3>
        <div className="form-grid">
          <F.SelectField
            path="logic"
            label="Fire when"
            options={[["all", "all conditions hold"], ["any", "any condition holds"]]}
          />
          <F.NumberField path="minClicks" label="Only with at least (clicks)" step={1} />
        </div>
        <Rows
          path={F.place("conditions")}
          add={
            <AddButton
              label="Add condition"
              onAdd={() =>
                conditions.set([
                  ...(conditions.value ?? []),
                  NEW_CONDITION[scope === "pages" ? "urlDown" : "metric"],
                ])}
            />
          }
        >
          {(_, at, remove) => <ConditionRow key={at} at={at} remove={remove} />}
        </Rows>
      </section>
      <section className="section card" aria-label="Formula columns">
        <h3 className="section__title">Formula columns</h3>
        <Rows
          path={F.place("formulas")}
          add={
            <AddButton
              label="Add formula"
              onAdd={() =>
                formulas.set([
                  ...(formulas.value ?? []),
                  { name: "f_", label: "", expr: "", format: "decimal" },
                ])}
            />
          }
        >
          {(_, at, remove) => <FormulaRow key={at} at={at} remove={remove} />}
        </Rows>
      </section>
      <section className="section card" aria-label="Actions">
        <h3 className="section__title">Then</h3>
        <Rows
          path={F.place("actions")}
          add={
            <AddButton
              label="Add action"
              onAdd={() => actions.set([...(actions.value ?? []), newAction("notify")])}
            />
          }
        >
          {(_, at, remove) => <ActionRow key={at} at={at} remove={remove} />}
        </Rows>
      </section>
      <DryRun />
    </div>
  );
}
