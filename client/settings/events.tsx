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

const STATUSES = ConversionStatus.options.map((s) => [s, s] as const);
const BLANK: ConversionEventType = { name: "", label: "", status: "lead", revenue: true };

/** The events screen. */
export function EventsSettings() {
  const section = useSection("events");
  const admin = useIsAdmin();
  const d = section.draft;
  const types = d?.types ?? [];
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
                  <F.TextField
                    path={`types.${i}.name`}
                    label={`Event type ${i + 1} name`}
                    labelHidden
                    placeholder="ftd"
                  />
                </td>
                <td>
                  <F.TextField
                    path={`types.${i}.label`}
                    label={`Event type ${i + 1} column title`}
                    labelHidden
                    placeholder={t.name || "FTD"}
                  />
                </td>
                <td>
                  <F.SelectField
                    path={`types.${i}.status`}
                    label={`Event type ${i + 1} base status`}
                    labelHidden
                    options={STATUSES}
                  />
                </td>
                <td>
                  <F.CheckField
                    path={`types.${i}.revenue`}
                    label={`Event type ${i + 1} payout is revenue`}
                    labelHidden
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
