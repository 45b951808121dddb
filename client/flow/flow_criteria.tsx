/** One criterion of a rule: field, key (token, param), an allowed operator and the values. */
import { useEffect, useState } from "react";
import {
  type Criterion,
  type CriterionField,
  type CriterionOp,
  OPS_BY_FIELD,
} from "../../contracts/flow.ts";
import { TextField } from "../ui/form_controls.tsx";
import { useField, useForm } from "../ui/form_state.ts";
import { type Place, within } from "../ui/field_path.ts";
import {
  CRITERION_FIELDS,
  FIELD_LABELS,
  OP_LABELS,
  parseValues,
  VALUE_HINTS,
  withField,
  withOp,
} from "./flow_model.ts";

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

function ValuesInput(props: { base: Place<Criterion>; criterion: Criterion }) {
  const { criterion } = props;
  const field = useField(within(props.base, "values"));
  const { errors } = useForm();
  const error = field.error ??
    Object.entries(errors).find(([k]) => k.startsWith(`${within(props.base, "values")}.`))?.[1];
  if (criterion.field === "isBot" || criterion.field === "isUnique") {
    return (
      <label className="field">
        <span className="field__label">Value</span>
        <select
          value={criterion.values[0] ?? "true"}
          disabled={field.readOnly}
          onChange={(e) => field.set([e.target.value])}
        >
          <option value="true">yes</option>
          <option value="false">no</option>
        </select>
      </label>
    );
  }
  if (criterion.field === "weekday" && criterion.op !== "between") {
    const on = new Set(criterion.values.map((v) => v.toLowerCase().slice(0, 3)));
    return (
      <fieldset className="field weekdays" disabled={field.readOnly}>
        <legend className="field__label">Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="check">
            <input
              type="checkbox"
              checked={on.has(day)}
              onChange={() =>
                field.set(WEEKDAYS.filter((d) => (d === day ? !on.has(d) : on.has(d))))}
            />
            {day}
          </label>
        ))}
        {error && <p className="field__error" role="alert">{error}</p>}
      </fieldset>
    );
  }
  if (criterion.op === "between") {
    return (
      <div className="between">
        <TextField path={within(props.base, "values.0")} label="From" />
        <TextField path={within(props.base, "values.1")} label="To" />
        {error && <p className="field__error" role="alert">{error}</p>}
      </div>
    );
  }
  return <ListInput base={props.base} criterion={criterion} error={error} />;
}

/** Values typed as comma-separated text; the text follows the values when they change elsewhere (reorder). */
function ListInput(props: { base: Place<Criterion>; criterion: Criterion; error?: string }) {
  const { criterion, error } = props;
  const field = useField(within(props.base, "values"));
  const [text, setText] = useState(criterion.values.join(", "));
  useEffect(() => {
    if (parseValues(text).join("\n") !== criterion.values.join("\n")) {
      setText(criterion.values.join(", "));
    }
  }, [criterion.values]);
  return (
    <label className="field field--grow">
      <span className="field__label">Values (comma-separated)</span>
      <input
        type="text"
        value={text}
        placeholder={VALUE_HINTS[criterion.field] ?? "value, another"}
        readOnly={field.readOnly}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          setText(e.target.value);
          field.set(parseValues(e.target.value));
        }}
      />
      {error && <span className="field__error" role="alert">{error}</span>}
    </label>
  );
}

/** The criterion row. */
export function CriterionRow(
  props: { base: Place<Criterion>; index: number; onRemove: () => void },
) {
  const item = useField(props.base);
  const criterion = item.value;
  const fieldOptions = CRITERION_FIELDS.map((f) => [f, FIELD_LABELS[f]] as const);
  const opOptions = OPS_BY_FIELD[criterion.field].map((op) => [op, OP_LABELS[op]] as const);
  return (
    <div className="criterion" role="group" aria-label={`Criterion ${props.index + 1}`}>
      <label className="field">
        <span className="field__label">Field</span>
        <select
          value={criterion.field}
          disabled={item.readOnly}
          onChange={(e) => item.set(withField(criterion, e.target.value as CriterionField))}
        >
          {fieldOptions.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      </label>
      {(criterion.field === "token" || criterion.field === "param") && (
        <TextField
          path={within(props.base, "key")}
          label={criterion.field === "token" ? "Token (t1…t30)" : "Param name"}
        />
      )}
      <label className="field">
        <span className="field__label">Operator</span>
        <select
          value={criterion.op}
          disabled={item.readOnly}
          onChange={(e) => item.set(withOp(criterion, e.target.value as CriterionOp))}
        >
          {opOptions.map(([v, l]) => <option key={v} value={v}>{l}</option>)}
        </select>
      </label>
      <ValuesInput
        key={`${criterion.field}:${criterion.op}`}
        base={props.base}
        criterion={criterion}
      />
      {!item.readOnly && (
        <button
          type="button"
          className="btn btn--small btn--icon"
          aria-label={`Remove criterion ${props.index + 1}`}
          onClick={props.onRemove}
        >
          ×
        </button>
      )}
    </div>
  );
}
