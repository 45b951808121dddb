/** API keys of the signed-in user: create (shown once), list, revoke. */
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import useSWR from "swr";
import { ApiKeyInput, type ApiKeyScope, type CreatedApiKey } from "../../contracts/api_key.ts";
import { API_KEY_ROUTES } from "../../contracts/api/settings_tools.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import { CopyRow } from "./controls.tsx";
import { showFailure } from "./use_section.ts";
import { SimpleTable } from "../ui/simple_table.tsx";
import { useConfirm } from "../ui/confirm.tsx";

const F = formFields<z.input<typeof ApiKeyInput>>();

function when(ms: number | null): string {
  return ms === null ? "never" : new Date(ms).toLocaleString();
}

/** The key manager, showing keys of one scope. */
export function ApiKeys(props: { scope: ApiKeyScope }) {
  const keys = useSWR(routeUrl(API_KEY_ROUTES.list, {}), () => call(API_KEY_ROUTES.list, {}));
  const form = useLocalForm(ApiKeyInput, { name: "", scope: props.scope });
  const [shown, setShown] = useState<CreatedApiKey | undefined>(undefined);
  const [confirm, dialog] = useConfirm();
  const create = async (event: FormEvent) => {
    event.preventDefault();
    const checked = form.check();
    if (!checked) return;
    try {
      const created = await call(API_KEY_ROUTES.create, { body: checked });
      setShown(created);
      form.setValues({ name: "", scope: props.scope });
      form.setErrors({});
      await keys.mutate();
    } catch (err) {
      showFailure(err, form.setErrors);
    }
  };
  const revoke = async (key: { id: number; name: string }) => {
    const ok = await confirm({
      title: `Revoke “${key.name}”?`,
      body: <p>Anything using this key stops working at once. A revoked key cannot be restored.</p>,
      action: "Revoke",
      danger: true,
    });
    if (!ok) return;
    try {
      await call(API_KEY_ROUTES.revoke, { params: { id: key.id } });
      await keys.mutate();
      notify("Key revoked", { type: "success" });
    } catch (err) {
      notifyError(err);
    }
  };
  const list = (keys.data?.items ?? []).filter((k) => k.scope === props.scope);
  return (
    <div className="stack">
      {dialog}
      {shown && (
        <div className="card key-once stack" role="status">
          <strong>Copy the key now: it is not shown again.</strong>
          <CopyRow label={`Key “${shown.name}”`} value={shown.key} testId="new-api-key" />
          <div>
            <button type="button" className="btn" onClick={() => setShown(undefined)}>Done</button>
          </div>
        </div>
      )}
      <FormContext.Provider value={form.api}>
        <form className="settings-row" onSubmit={create} aria-label="Create a key" noValidate>
          <F.TextField path="name" label="New key's name" placeholder="e.g. BI export" />
          <button type="submit" className="btn btn--primary">Create key</button>
        </form>
      </FormContext.Provider>
      <DataState
        loading={keys.isLoading}
        error={keys.error}
        empty={list.length === 0}
        emptyText="No keys yet."
      >
        {/* On a phone each key is a small card with Revoke beside its name (settings.css). */}
        <div className="api-keys-table">
          <SimpleTable heads={["Name", "Key", "Created", "Last used"]} actions>
            {list.map((k) => (
              <tr key={k.id}>
                <td>{k.name}</td>
                <td data-label="Key">
                  <code>{k.prefix}…</code>
                </td>
                <td data-label="Created">{when(k.createdAt)}</td>
                <td data-label="Last used">{when(k.lastUsedAt)}</td>
                <td className="simple-table__actions">
                  {k.revokedAt ? <span className="muted">revoked</span> : (
                    <button
                      type="button"
                      className="btn btn--small btn--danger-ghost"
                      onClick={() => void revoke(k)}
                    >
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </SimpleTable>
        </div>
      </DataState>
    </div>
  );
}
