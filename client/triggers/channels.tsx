/** The notification channels and the internal-target allowlist (admins), in a modal. */
import { useState } from "react";
import { ChannelSettings, type TestableChannel } from "../../contracts/trigger.ts";
import { notify } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { checkWith, type FieldErrors, showSaveError } from "../ui/form_errors.ts";
import { FormContext } from "../ui/form_state.ts";
import { setIn } from "../ui/form_values.ts";
import { Modal } from "../ui/modal.tsx";
import { saveChannels, testChannel, useChannels } from "./api.ts";
import { formFields } from "../ui/form_kit.ts";
import type { z } from "zod";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<z.input<typeof ChannelSettings>>();

/** What the last test of a channel said. */
type TestState = { sending: boolean; result?: { ok: boolean; text: string } };

/**
 * "Send a test" for one channel: the form's values as they stand (saved or not; a masked
 * secret stands for the stored one), and the outcome beside the button.
 */
function TestButton(props: {
  channel: z.infer<typeof TestableChannel>;
  label: string;
  values: Record<string, unknown>;
  onInvalid: (errors: FieldErrors) => void;
}) {
  const [state, setState] = useState<TestState>({ sending: false });
  const send = async () => {
    const checked = checkWith(ChannelSettings, props.values);
    if (!checked.ok) return props.onInvalid(checked.errors);
    setState({ sending: true });
    try {
      const answer = await testChannel({ channel: props.channel, settings: checked.value });
      setState({
        sending: false,
        result: answer.ok
          ? { ok: true, text: `Test sent to the ${props.label}` }
          : { ok: false, text: `Not sent: ${answer.error}` },
      });
    } catch (error) {
      setState({
        sending: false,
        result: { ok: false, text: error instanceof Error ? error.message : String(error) },
      });
    }
  };
  return (
    <div className="channel-test">
      <button type="button" className="btn" disabled={state.sending} onClick={() => void send()}>
        {state.sending ? "Sending…" : "Send a test"}
      </button>
      {state.result && (
        <span
          role="status"
          className={state.result.ok ? "channel-test__ok" : "channel-test__failed"}
          data-testid={`channel-test-${props.channel}`}
        >
          {state.result.text}
        </span>
      )}
    </div>
  );
}

function ChannelsForm(
  props: { start: ChannelSettings; onSaved: (saved: ChannelSettings) => void; onClose: () => void },
) {
  const [values, setValues] = useState<Record<string, unknown>>(props.start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const result = checkWith(ChannelSettings, values);
    if (!result.ok) return setErrors(result.errors);
    setSaving(true);
    try {
      // The modal opens next time on what was saved, not on the answer cached before.
      props.onSaved(await saveChannels(result.value));
      notify("Channels saved", { type: "success" });
      props.onClose();
    } catch (error) {
      showSaveError(error, setErrors);
    } finally {
      setSaving(false);
    }
  };
  const set = (path: string, value: unknown) => setValues((v) => setIn(v, path, value));
  return (
    <FormContext.Provider value={{ values, set, errors, schema: ChannelSettings, readOnly: false }}>
      <form
        className="stack"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <h3 className="section__title">Webhook</h3>
        <div className="form-grid">
          <F.TextField path="webhook.url" label="URL" placeholder="https://example.com/hook" />
          <F.TextField
            path="webhook.secret"
            label="Signing secret"
            hint="The body's HMAC-SHA256 goes in X-Rotor-Signature: sha256=…"
          />
        </div>
        <TestButton channel="webhook" label="webhook" values={values} onInvalid={setErrors} />
        <h3 className="section__title">Telegram</h3>
        <div className="form-grid">
          <F.TextField path="telegram.botToken" label="Bot token" />
          <F.TextField path="telegram.chatId" label="Chat id" />
          <F.TextField path="telegram.apiBase" label="API base URL" />
        </div>
        <TestButton
          channel="telegram"
          label="Telegram chat"
          values={values}
          onInvalid={setErrors}
        />
        <h3 className="section__title">E-mail (SMTP)</h3>
        <div className="form-grid">
          <F.TextField path="email.host" label="Host" />
          <F.NumberField path="email.port" label="Port" step={1} />
          <F.SelectField
            path="email.tls"
            label="TLS"
            options={[["starttls", "STARTTLS"], ["tls", "TLS"], ["none", "none"]]}
          />
          <F.TextField path="email.user" label="User" />
          <F.TextField path="email.password" label="Password" type="password" />
          <F.TextField path="email.from" label="From" />
          <F.TextField path="email.to" label="To (comma-separated)" />
        </div>
        <TestButton
          channel="email"
          label="e-mail recipients"
          values={values}
          onInvalid={setErrors}
        />
        <F.LinesField
          path="allowlist"
          label="Internal targets allowed (CIDRs, one a line)"
          hint="Outgoing calls reach only public addresses unless listed here."
        />
        <div className="form-actions">
          <button type="submit" className="btn btn--primary" disabled={saving}>Save</button>
          <button type="button" className="btn" onClick={props.onClose}>Cancel</button>
        </div>
      </form>
    </FormContext.Provider>
  );
}

/** The channels modal. */
export function ChannelsModal(props: { onClose: () => void }) {
  const channels = useChannels(true);
  return (
    <Modal titleId="trigger-channels" title="Notification channels" onCancel={props.onClose}>
      <DataState loading={channels.isLoading} error={channels.error}>
        {channels.data && (
          <ChannelsForm
            start={channels.data}
            onSaved={(saved) => void channels.mutate(saved, false)}
            onClose={props.onClose}
          />
        )}
      </DataState>
    </Modal>
  );
}
