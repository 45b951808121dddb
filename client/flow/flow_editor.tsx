/**
 * The flow editor (rotations, and a campaign's inline flow): ordered rules
 * with enable toggles, all/any logic, criteria and paths, then the default
 * paths a visitor takes when no rule matches.
 */
import { type Flow, type Rule, RULE_LOGIC_LABELS, RuleLogic } from "../../contracts/flow.ts";
import { CheckField, SelectField, TextField } from "../ui/form_controls.tsx";
import { useField, useForm } from "../ui/form_state.ts";
import { type Place, within } from "../ui/field_path.ts";
import { CriterionRow } from "./flow_criteria.tsx";
import { move, newCriterion, newRule, without } from "./flow_model.ts";
import { PathsEditor } from "./flow_paths.tsx";
import { type Movable, MoveButtons } from "../ui/move_buttons.tsx";

function RuleCard(
  props: Movable & { base: Place<Rule> },
) {
  const rule = useField(props.base);
  const { errors } = useForm();
  const criteria = rule.value.criteria;
  const criteriaPath = within(props.base, "criteria");
  const setCriteria = (next: Rule["criteria"]) => rule.set({ ...rule.value, criteria: next });
  const readOnly = rule.readOnly;
  return (
    <section
      className={`rule-card${rule.value.enabled ? "" : " is-off"}`}
      aria-label={`Rule ${props.index + 1}`}
    >
      <div className="rule-card__head">
        <span className="rule-card__badge">Rule {props.index + 1}</span>
        <TextField
          path={within(props.base, "name")}
          label="Rule name"
          placeholder="e.g. US mobile"
          className="rule-card__name"
        />
        <CheckField path={within(props.base, "enabled")} label="Enabled" />
        <SelectField
          path={within(props.base, "logic")}
          label="Match"
          options={RuleLogic.options.map((v) => [v, RULE_LOGIC_LABELS[v].option])}
        />
        {!readOnly && (
          <div className="rule-card__tools">
            <MoveButtons noun="rule" {...props} />
          </div>
        )}
      </div>
      <div className="criteria" role="group" aria-label="Criteria">
        <div className="paths__head">
          <span className="paths__title">{RULE_LOGIC_LABELS[rule.value.logic].heading}</span>
          {!readOnly && (
            <button
              type="button"
              className="btn btn--small btn--ghost"
              onClick={() => setCriteria([...criteria, newCriterion()])}
            >
              + Add criterion
            </button>
          )}
        </div>
        {errors[criteriaPath] && <p className="field__error" role="alert">{errors[criteriaPath]}
        </p>}
        {criteria.map((_, i) => (
          <CriterionRow
            key={`${i}:${criteria.length}`}
            base={within(criteriaPath, `${i}`)}
            index={i}
            onRemove={() => setCriteria(without(criteria, i))}
          />
        ))}
      </div>
      <PathsEditor base={within(props.base, "paths")} title="Then send to" />
    </section>
  );
}

/**
 * The editor of the flow at `base` in the form's values (its root for a rotation);
 * `zoneNote` says which time zone weekday and hour criteria run in.
 */
export function FlowEditor(props: { base: Place<Flow>; zoneNote: string }) {
  const rules = useField(within(props.base, "rules"));
  const list = rules.value ?? [];
  return (
    <div className="flow">
      <div className="flow__head">
        <h3 className="section__title">Rules</h3>
        <span className="muted">Checked in order; the first enabled rule that matches wins.</span>
        <span className="muted flow__zone" data-testid="flow-zone">{props.zoneNote}</span>
        {!rules.readOnly && (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => rules.set([...list, newRule()])}
          >
            + Add rule
          </button>
        )}
      </div>
      {list.length === 0 && (
        <p className="muted">No rules: every visitor takes the default paths.</p>
      )}
      {list.map((_, i) => (
        <RuleCard
          key={i}
          base={within(props.base, `rules.${i}`)}
          index={i}
          count={list.length}
          onMove={(delta) => rules.set(move(list, i, delta))}
          onRemove={() => rules.set(without(list, i))}
        />
      ))}
      <div className="flow__default">
        <h3 className="section__title">Default paths</h3>
        <PathsEditor base={within(props.base, "defaultPaths")} title="Everyone else goes to" />
      </div>
    </div>
  );
}
