/** The notification channels and the internal-target allowlist (admins), in a modal. */
import { useState } from "react";
import { ChannelSettings } from "../../contracts/trigger.ts";
import { notify } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { checkWith, type FieldErrors, showSaveError } from "../ui/form_errors.ts";
import { FormContext } from "../ui/form_state.ts";
import { setIn } from "../ui/form_values.ts";
import { Modal } from "../ui/modal.tsx";
import { saveChannels, useChannels } from "./api.ts";
import { formFields } from "../ui/form_kit.ts";
import type { z } from "zod";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<z.input<typeof ChannelSettings>>();

function ChannelsForm(props: { start: ChannelSettings; onClose: () => void }) {
  const [values, setValues] = useState<Record<string, unknown>>(props.start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  const save = async () => {
    const result = checkWith(ChannelSettings, values);
    if (!result.ok) return setErrors(result.errors);
    setSaving(true);
    try {
      await saveChannels(result.value);
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
        <h3 className="section__title">Telegram</h3>
        <div className="form-grid">
          <F.TextField path="telegram.botToken" label="Bot token" />
          <F.TextField path="telegram.chatId" label="Chat id" />
          <F.TextField path="telegram.apiBase" label="API base URL" />
        </div>
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
        {channels.data && <ChannelsForm start={channels.data} onClose={props.onClose} />}
      </DataState>
    </Modal>
  );
}
