/** Domains (menu entry): hosts Rotor answers on, with the default tracking domain. */
import { useState } from "react";
import { type Domain, DomainInput, type DomainPurpose } from "../../contracts/domain.ts";
import { DataState } from "../ui/data_state.tsx";
import {
  archiveEntities,
  changeAndRefresh,
  type InputOf,
  patchEntity,
  restoreEntities,
  useEntityList,
  useMyAccount,
} from "../entities/entity_api.ts";
import { InlineEditor } from "../entities/inline_editor.tsx";
import { pickInput } from "../ui/form_state.ts";
import { PageHeader } from "../ui/page.tsx";
import { canWrite } from "../../contracts/rights.ts";
import { EditArchiveCell, SimpleTable } from "../ui/simple_table.tsx";
import { formFields } from "../ui/form_kit.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"domains">>();

/** The editor's contract: the name may be left empty (it becomes the host), so it is not marked. */
const DomainForm = DomainInput.extend({ name: DomainInput.shape.name.optional() });

const BLANK = {
  host: "",
  name: "",
  purpose: "tracking",
  isDefault: false,
  rootCampaignId: null,
  notes: "",
};

/**
 * A domain's purpose and default. Rotor reads a domain's purpose for tracking only (links and
 * binding, decision 191), so a new domain is a tracking domain and no other purpose is offered; a
 * domain stored with another (an import, the API) shows it and may become a tracking domain.
 */
function PurposeFields(props: { stored: DomainPurpose }) {
  const purpose = F.useField("purpose").value ?? "tracking";
  return (
    <>
      {props.stored !== "tracking" && (
        <F.SelectField
          path="purpose"
          label="Purpose"
          options={[[props.stored, `${props.stored} (not used by Rotor)`], [
            "tracking",
            "tracking",
          ]]}
        />
      )}
      {purpose === "tracking" && (
        <F.CheckField
          path="isDefault"
          label="Default tracking domain"
          hint="New tracking links, and campaigns without a domain of their own, use it."
        />
      )}
    </>
  );
}

/** The domains page. */
export function Page() {
  // An archived domain keeps its host (unique): it can only come back by restoring it.
  const [archived, setArchived] = useState(false);
  const list = useEntityList("domains", {
    sort: "host",
    order: "asc",
    limit: 1000,
    archived: archived ? "true" : "false",
  });
  const account = useMyAccount();
  const writable = canWrite(account.data, "domain");
  const [editing, setEditing] = useState<Domain | null>(null);
  const run = (change: () => Promise<unknown>, done: string) =>
    changeAndRefresh("domains", change, { done });
  const items = list.data?.items ?? [];
  return (
    <div className="page">
      <PageHeader title="Domains">
        <span className="muted">
          Hosts Rotor answers on. The default tracking domain is used for new tracking links.
        </span>
      </PageHeader>
      {writable && (
        <InlineEditor
          key={editing?.id ?? "new"}
          resource="domains"
          noun="domain"
          schema={DomainForm}
          start={editing
            ? { values: pickInput(DomainInput, editing), id: editing.id }
            : { values: BLANK }}
          prepare={(v) => ({ ...v, name: String(v.name ?? "").trim() || v.host })}
          onDone={() => setEditing(null)}
        >
          <F.TextField
            path="host"
            label="Host"
            placeholder="track.example.com"
            hint="No scheme or path; a port is allowed."
          />
          <F.TextField path="name" label="Name" placeholder="defaults to the host" />
          <PurposeFields stored={editing?.purpose ?? "tracking"} />
          <F.EntityField
            path="rootCampaignId"
            label="Root campaign (the address https://host/ clicks it)"
            className="form-grid__wide"
            resource="campaigns"
            empty="None: the root opens the panel"
          />
        </InlineEditor>
      )}
      <label className="check">
        <input
          type="checkbox"
          checked={archived}
          onChange={(event) => setArchived(event.target.checked)}
        />
        <span>Show archived</span>
      </label>
      <DataState
        loading={list.isLoading}
        error={list.error}
        empty={items.length === 0}
        emptyText={archived
          ? "No archived domains."
          : "No domains yet: links use this panel's address."}
      >
        <SimpleTable heads={["Host", "Name", "Purpose", "Default"]} actions={writable}>
          {items.map((d) => (
            <tr key={d.id}>
              <td>
                <code>{d.host}</code>
              </td>
              <td>{d.name}</td>
              <td>{d.purpose}</td>
              <td>{d.isDefault ? <span className="chip">default</span> : ""}</td>
              {writable && d.archived && (
                <td className="simple-table__actions">
                  <button
                    type="button"
                    className="btn btn--small"
                    onClick={() =>
                      void run(() => restoreEntities("domains", [d.id]), `${d.host} restored`)}
                  >
                    Restore
                  </button>
                </td>
              )}
              {writable && !d.archived && (
                <EditArchiveCell
                  editLabel="Edit"
                  onEdit={() => setEditing(d)}
                  onArchive={() =>
                    void run(() => archiveEntities("domains", [d.id]), `${d.host} archived`)}
                >
                  {!d.isDefault && (
                    <button
                      type="button"
                      className="btn btn--small"
                      onClick={() =>
                        void run(
                          () => patchEntity("domains", d.id, { isDefault: true }),
                          `${d.host} is the default`,
                        )}
                    >
                      Make default
                    </button>
                  )}
                </EditArchiveCell>
              )}
            </tr>
          ))}
        </SimpleTable>
      </DataState>
    </div>
  );
}
