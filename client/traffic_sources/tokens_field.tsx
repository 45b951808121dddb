/** A traffic source's tokens (t1…t30): param, placeholder and a name each. */
import { type SourceToken, TrafficSourceInput } from "../../contracts/traffic_source.ts";
import { TextField } from "../ui/form_controls.tsx";
import { maxItems, useField } from "../ui/form_state.ts";

/** Most tokens a source passes (t1…t30), as the contract bounds it. */
const MAX_TOKENS = maxItems(TrafficSourceInput.shape.tokens, {
  param: "t",
  placeholder: "",
  name: "",
});

/** The tokens editor. */
export function TokensField() {
  const field = useField<SourceToken[]>("tokens");
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
          <TextField path={`tokens.${i}.param`} label="Param" placeholder="zone" />
          <TextField path={`tokens.${i}.placeholder`} label="Placeholder" placeholder="{ZONEID}" />
          <TextField path={`tokens.${i}.name`} label="Name" placeholder="Zone" />
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
