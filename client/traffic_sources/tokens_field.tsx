/** A traffic source's tokens (t1…t30): param, placeholder and a name each. */
import { TrafficSourceInput } from "../../contracts/traffic_source.ts";
import { maxItems } from "../ui/form_state.ts";
import { formFields } from "../ui/form_kit.ts";
import type { InputOf } from "../entities/entity_api.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"traffic-sources">>();

/** Most tokens a source passes (t1…t30), as the contract bounds it. */
const MAX_TOKENS = maxItems(TrafficSourceInput.shape.tokens, {
  param: "t",
  placeholder: "",
  name: "",
});

/** The tokens editor. */
export function TokensField() {
  const field = F.useField("tokens");
  const tokens = field.value ?? [];
  return (
    <div className="tokens" role="group" aria-label="Tokens">
      <div className="paths__head">
        <span className="paths__title">Tokens ({tokens.length}/{MAX_TOKENS})</span>
        {!field.readOnly && (
          <button
            type="button"
            className="btn btn--small btn--ghost"
            disabled={tokens.length >= MAX_TOKENS}
            onClick={() => field.set([...tokens, { param: "", placeholder: "", name: "" }])}
          >
            + Add token
          </button>
        )}
      </div>
      {field.error && <p className="field__error" role="alert">{field.error}</p>}
      {tokens.map((_, i) => (
        <div key={i} className="tokens__row">
          <span className="tokens__label">t{i + 1}</span>
          <F.TextField path={`tokens.${i}.param`} label="Param" placeholder="zone" />
          <F.TextField
            path={`tokens.${i}.placeholder`}
            label="Placeholder"
            placeholder="{ZONEID}"
          />
          <F.TextField path={`tokens.${i}.name`} label="Name" placeholder="Zone" />
          {!field.readOnly && (
            <button
              type="button"
              className="btn btn--small btn--icon"
              aria-label={`Remove token t${i + 1}`}
              onClick={() => field.set(tokens.filter((_, j) => j !== i))}
            >
              ×
            </button>
          )}
        </div>
      ))}
    </div>
  );
}
