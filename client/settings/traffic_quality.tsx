/** Settings → LP protect → Traffic quality: which checks judge a click a bot (decision 165). */
import { SectionForm } from "./section_form.tsx";
import { CountInput, Switch, useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";

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
          <Switch
            label="Missing headers are bots"
            hint="A request without an Accept-Language header: browsers always send one."
            checked={d.emptyHeaders}
            onChange={(emptyHeaders) => section.change({ emptyHeaders })}
          />
          <Switch
            label="Data-centre networks are bots"
            hint="Cloud and hosting networks (AWS, Google Cloud, Hetzner, OVH, …) by their AS."
            checked={d.dataCentre}
            onChange={(dataCentre) => section.change({ dataCentre })}
          />
          <div className="form-grid">
            <CountInput
              label="Clicks from one IP before it is a bot (0: no limit)"
              path="ipClickLimit"
              value={d.ipClickLimit}
              errors={section.errors}
              onChange={(ipClickLimit) => section.change({ ipClickLimit })}
            />
            <CountInput
              label="Within (seconds)"
              path="ipWindowSeconds"
              value={d.ipWindowSeconds}
              errors={section.errors}
              onChange={(ipWindowSeconds) => section.change({ ipWindowSeconds })}
            />
          </div>
        </>
      )}
    </SectionForm>
  );
}
