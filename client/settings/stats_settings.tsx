/** Settings → Stats: the time zone reports count days in, and the currency they show. */
import { SectionForm } from "./section_form.tsx";
import { TimezoneList } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"stats">>();

const CURRENCIES = ["USD", "EUR", "GBP", "RUB", "UAH", "BRL", "INR", "IDR", "KZT", "TRY"];

/** The stats form. */
export function StatsSettings() {
  const section = useSection("stats");
  const d = section.draft;
  return (
    <SectionForm
      label="Stats"
      {...sectionFormProps(section)}
    >
      {d && (
        <div className="form-grid">
          <F.TextField
            path="timezone"
            label="Report time zone"
            hint="Reports, trends and conversions: where their days and hours start. Also campaign rules' default zone and the day offer caps count."
            list="stats-timezones"
          />
          <TimezoneList id="stats-timezones" />
          <F.TextField
            path="currency"
            label="Currency"
            list="stats-currencies"
            clean={(text) => text.toUpperCase()}
          />
          <datalist id="stats-currencies">
            {CURRENCIES.map((c) => <option key={c} value={c} />)}
          </datalist>
        </div>
      )}
    </SectionForm>
  );
}
