/** Settings → LP protect → Traffic quality: which checks judge a click a bot (decision 165). */
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"traffic-quality">>();

/** The traffic-quality card; each campaign's bot policy says what a verdict does. */
export function TrafficQualityCard() {
  const section = useSection("traffic-quality");
  const admin = useIsAdmin();
  const d = section.draft;
  return (
    <SectionForm
      label="Traffic quality"
      title="Traffic quality"
      readOnly={!admin}
      {...sectionFormProps(section)}
    >
      <p className="muted">
        Declared bots are always caught. These checks add to them; each campaign's bot policy then
        routes, flags (no cost) or blocks the click, and the click log and reports show the reason.
      </p>
      {d && (
        <>
          <F.CheckField
            path="emptyHeaders"
            label="Missing headers are bots"
            hint="A request without an Accept-Language header: browsers always send one."
          />
          <F.CheckField
            path="dataCentre"
            label="Data-centre networks are bots"
            hint="Cloud and hosting networks (AWS, Google Cloud, Hetzner, OVH, …) by their AS."
          />
          <div className="form-grid">
            <F.NumberField
              path="ipClickLimit"
              label="Clicks from one IP before it is a bot (0: no limit)"
              min={0}
            />
            <F.NumberField path="ipWindowSeconds" label="Within (seconds)" min={1} />
          </div>
        </>
      )}
    </SectionForm>
  );
}
