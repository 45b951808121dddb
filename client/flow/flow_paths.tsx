/**
 * Paths of a rule or of the default: weight with its share of the sibling
 * paths, enabled and direct flags, and the landers and offers inside, each
 * with a weight and its share.
 */
import type { Path } from "../../contracts/flow.ts";
import { type ResourceName, useOptions } from "../entities/entity_api.ts";
import { CheckField, NumberField, SelectField, TextField } from "../ui/form_controls.tsx";
import { useField, useForm } from "../ui/form_state.ts";
import { type Place, within } from "../ui/field_path.ts";
import { move, newPath, without } from "./flow_model.ts";
import { formatShare, percentShares } from "./shares.ts";
import { type Movable, MoveButtons } from "../ui/move_buttons.tsx";

type Weighted = { weight: number } & Record<string, unknown>;

function FieldError({ path }: { path: string }) {
  const { errors } = useForm();
  return errors[path] ? <p className="field__error" role="alert">{errors[path]}</p> : null;
}

/** Landers or offers of a path, with weights shown as shares. */
function WeightedList(props: {
  base: Place<Weighted[]>;
  resource: ResourceName;
  idKey: "landingId" | "offerId";
  noun: string;
}) {
  const list = useField(props.base);
  const options = useOptions(props.resource);
  const items = list.value ?? [];
  const shares = percentShares(items.map((i) => i.weight));
  const live = (options.data?.items ?? []).filter((o) => !o.archived);
  const choices = (options.data?.items ?? [])
    .filter((o) => !o.archived || items.some((i) => i[props.idKey] === o.id))
    .map((o) => [o.id, o.name] as const);
  const add = () => {
    const free = live.find((o) => !items.some((i) => i[props.idKey] === o.id)) ?? live[0];
    list.set([...items, { [props.idKey]: free?.id ?? null, weight: 100 }]);
  };
  return (
    <div className="weighted" aria-label={`${props.noun}s`} role="group">
      <div className="weighted__head">
        <span className="weighted__title">{props.noun}s</span>
        {!list.readOnly && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            onClick={add}
            disabled={live.length === 0}
          >
            + Add {props.noun.toLowerCase()}
          </button>
        )}
      </div>
      {live.length === 0 && items.length === 0 && (
        <p className="muted small">No {props.noun.toLowerCase()}s yet: create one first.</p>
      )}
      {items.map((_item, i) => (
        <div key={i} className="weighted__row">
          <SelectField
            path={within(props.base, `${i}.${props.idKey}`)}
            label={`${props.noun} ${i + 1}`}
            options={choices}
            empty="Choose…"
          />
          <NumberField path={within(props.base, `${i}.weight`)} label="Weight" step={1} />
          <span className="share" aria-label="Share">{formatShare(shares[i])}</span>
          {!list.readOnly && (
            <button
              type="button"
              className="btn btn--small btn--icon"
              aria-label={`Remove ${props.noun.toLowerCase()} ${i + 1}`}
              onClick={() => list.set(without(items, i))}
            >
              ×
            </button>
          )}
        </div>
      ))}
      <FieldError path={props.base} />
    </div>
  );
}

function PathCard(
  props: Movable & { base: Place<Path>; share: number },
) {
  const path = useField(props.base);
  const readOnly = path.readOnly;
  return (
    <div
      className={`path-card${path.value.enabled ? "" : " is-off"}`}
      role="group"
      aria-label={`Path ${props.index + 1}`}
    >
      <div className="path-card__head">
        <strong>Path {props.index + 1}</strong>
        <span className="share share--big" title="Share of the sibling paths">
          {formatShare(props.share)}
        </span>
        <div className="path-card__tools">
          {!readOnly && <MoveButtons noun="path" {...props} />}
        </div>
      </div>
      <div className="path-card__grid">
        <TextField path={within(props.base, "name")} label="Path name" placeholder="optional" />
        <NumberField path={within(props.base, "weight")} label="Path weight" step={1} />
        <CheckField path={within(props.base, "enabled")} label="Enabled" />
        <CheckField path={within(props.base, "direct")} label="Direct (no lander)" />
      </div>
      {!path.value.direct && (
        <WeightedList
          base={within(props.base, "landings")}
          resource="landings"
          idKey="landingId"
          noun="Lander"
        />
      )}
      <WeightedList
        base={within(props.base, "offers")}
        resource="offers"
        idKey="offerId"
        noun="Offer"
      />
    </div>
  );
}

/** The paths at `base` (a rule's `paths`, or `defaultPaths`). */
export function PathsEditor(props: { base: Place<Path[]>; title: string }) {
  const list = useField(props.base);
  const paths = list.value ?? [];
  const shares = percentShares(paths.map((p) => p.weight), paths.map((p) => p.enabled));
  return (
    <div className="paths" role="group" aria-label={props.title}>
      <div className="paths__head">
        <span className="paths__title">{props.title}</span>
        {!list.readOnly && (
          <button
            type="button"
            className="btn btn--small"
            onClick={() => list.set([...paths, newPath()])}
          >
            + Add path
          </button>
        )}
      </div>
      <FieldError path={props.base} />
      {paths.map((_, i) => (
        <PathCard
          key={i}
          base={within(props.base, `${i}`)}
          index={i}
          count={paths.length}
          share={shares[i]}
          onMove={(delta) => list.set(move(paths, i, delta))}
          onRemove={() => list.set(without(paths, i))}
        />
      ))}
    </div>
  );
}
