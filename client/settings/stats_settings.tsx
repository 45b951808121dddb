/** Settings → Stats: the time zone reports count days in, and the currency they show. */
import { SectionForm } from "./section_form.tsx";
import { Input, TimezoneList } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";

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
          <Input
            label="Report time zone"
            hint="Reports, trends and conversions: where their days and hours start. Also campaign rules' default zone and the day offer caps count."
            path="timezone"
            value={d.timezone}
            list="stats-timezones"
            errors={section.errors}
            onChange={(timezone) => section.change({ timezone })}
          />
          <TimezoneList id="stats-timezones" />
          <Input
            label="Currency"
            path="currency"
            value={d.currency}
            list="stats-currencies"
            errors={section.errors}
            onChange={(currency) => section.change({ currency: currency.toUpperCase() })}
          />
          <datalist id="stats-currencies">
            {CURRENCIES.map((c) => <option key={c} value={c} />)}
          </datalist>
        </div>
      )}
    </SectionForm>
  );
}
