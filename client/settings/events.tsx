/**
 * Settings → Postback processing → Events (decision 167): the conversion event types a network's
 * status map can point at (each with its base status and whether its payout
 * is revenue), and the key `/click/update` asks for.
 */
import type { ConversionEventType } from "../../contracts/conversion_events.ts";
import { ConversionStatus } from "../../contracts/stats.ts";
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"events">>();
import { SimpleTable } from "../ui/simple_table.tsx";

const BLANK: ConversionEventType = { name: "", label: "", status: "lead", revenue: true };

/** The events screen. */
export function EventsSettings() {
  const section = useSection("events");
  const admin = useIsAdmin();
  const d = section.draft;
  const types = d?.types ?? [];
  const setType = (i: number, patch: Partial<ConversionEventType>) =>
    section.change({ types: types.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  return (
    <SectionForm label="Events" readOnly={!admin} {...sectionFormProps(section)}>
      {d && (
        <>
          <h3 className="section__title">Conversion event types</h3>
          <p className="muted">
            A network's status map can point a status at one of these (registration, ftd, deposit…).
            Each conversion of the type is recorded with its base status, has its own report columns
            (count, revenue, CR) and is forwarded to a source only when the source lists it.
          </p>
          <SimpleTable heads={["Name", "Column title", "Base status", "Payout is revenue"]} actions>
            {types.map((t, i) => (
              <tr key={i} data-testid="event-type">
                <td>
                  <input
                    aria-label={`Event type ${i + 1} name`}
                    value={t.name}
                    placeholder="ftd"
                    aria-invalid={section.errors[`types.${i}.name`] ? true : undefined}
                    onChange={(e) => setType(i, { name: e.target.value })}
                  />
                  <F.FieldError path={`types.${i}.name`} />
                </td>
                <td>
                  <input
                    aria-label={`Event type ${i + 1} column title`}
                    value={t.label}
                    placeholder={t.name || "FTD"}
                    onChange={(e) => setType(i, { label: e.target.value })}
                  />
                </td>
                <td>
                  <select
                    aria-label={`Event type ${i + 1} base status`}
                    value={t.status}
                    onChange={(e) => setType(i, { status: e.target.value as ConversionStatus })}
                  >
                    {ConversionStatus.options.map((s) => <option key={s} value={s}>{s}</option>)}
                  </select>
                </td>
                <td>
                  <input
                    type="checkbox"
                    aria-label={`Event type ${i + 1} payout is revenue`}
                    checked={t.revenue}
                    onChange={(e) => setType(i, { revenue: e.target.checked })}
                  />
                </td>
                <td className="simple-table__actions">
                  <button
                    type="button"
                    className="btn"
                    onClick={() => section.change({ types: types.filter((_, j) => j !== i) })}
                  >
                    Remove
                  </button>
                </td>
              </tr>
            ))}
          </SimpleTable>
          <F.FieldError path="types" />
          <div>
            <button
              type="button"
              className="btn"
              onClick={() => section.change({ types: [...types, { ...BLANK }] })}
            >
              Add event type
            </button>
          </div>
          <h3 className="section__title">Click update</h3>
          <F.TextField
            path="clickUpdateKey"
            label="Click update key"
            placeholder="empty: no key asked"
            hint="/click/update?clickid=…&key=…&event1=…&add_event2=…&cost=…&bot=1 sets numeric events 1–10, adds cost or marks a bot. Set a key whenever click ids are seen by others."
          />
        </>
      )}
    </SectionForm>
  );
}
