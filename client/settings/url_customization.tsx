/** Settings → URL customization: other names for the click, lander-click and postback paths. */
import { CANONICAL_PATHS } from "../../contracts/settings.ts";
import { SectionForm } from "./section_form.tsx";
import { useIsAdmin } from "./controls.tsx";
import { sectionFormProps, useSection } from "./use_section.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";

const F = formFields<SettingsValue<"url-customization">>();

const FIELDS = [
  ["clickPath", "Click path", CANONICAL_PATHS.click],
  ["landerClickPath", "Lander click-through path", CANONICAL_PATHS.landerClick],
  ["postbackPath", "Postback path", CANONICAL_PATHS.postback],
] as const;

/** The URL customization form. */
export function UrlCustomizationSettings() {
  const section = useSection("url-customization");
  const admin = useIsAdmin();
  const d = section.draft;
  return (
    <div className="stack">
      <p className="muted">
        Ad networks and blockers learn common tracker paths. New links use these names; links with
        the default names or names used before keep working.
      </p>
      <SectionForm
        label="URL customization"
        readOnly={!admin}
        {...sectionFormProps(section)}
      >
        {d && (
          <>
            <div className="form-grid">
              {FIELDS.map(([key, label, canonical]) => (
                <F.TextField
                  key={key}
                  path={key}
                  label={label}
                  placeholder={canonical}
                  clean={(text) => text.trim()}
                />
              ))}
            </div>
            <div className="card stack">
              <h3 className="card__title">Paths that keep working</h3>
              <ul>
                {FIELDS.map(([, label, canonical]) => (
                  <li key={canonical}>
                    <code>{canonical}</code> <span className="muted">({label.toLowerCase()})</span>
                  </li>
                ))}
                {d.previous.map((p) => (
                  <li key={p.path}>
                    <code>{p.path}</code> <span className="muted">(used before)</span>
                  </li>
                ))}
              </ul>
            </div>
          </>
        )}
      </SectionForm>
    </div>
  );
}
