/** Rotation screens (lazy chunk): list and the flow editor form. */
import { RotationInput } from "../../contracts/rotation.ts";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { FlowEditor } from "../flow/flow_editor.tsx";
import { newFlow } from "../flow/flow_model.ts";
import { GroupField } from "../ui/form_controls.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { formFields } from "../ui/form_kit.ts";
import { root } from "../ui/field_path.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<RotationInput>();

const list: ListConfig<"rotations"> = {
  resource: "rotations",
  path: "/rotations",
  title: "Rotations",
  noun: "rotation",
  subject: "rotation",
  groupType: "rotation",
  reportType: "rotation",
  stats: true,
  columns: [
    {
      key: "rules",
      label: "Rules",
      width: 64,
      align: "end",
      render: (r) => r.rules.length,
    },
    {
      key: "paths",
      label: "Default paths",
      width: 100,
      align: "end",
      render: (r) => r.defaultPaths.length,
    },
  ],
};

function RotationFields() {
  return (
    <div className="stack">
      <section className="section card" aria-label="General">
        <div className="form-grid">
          <F.TextField path="name" label="Name" />
          <GroupField type="rotation" />
        </div>
        <F.TextAreaField path="notes" label="Notes" rows={2} />
      </section>
      <section className="section card" aria-label="Flow">
        <FlowEditor
          base={root<RotationInput>()}
          zoneNote="Weekday and hour criteria run in the time zone of the campaign sending the visitor (its own, else the report time zone)."
        />
      </section>
    </div>
  );
}

const form: FormConfig<"rotations"> = {
  resource: "rotations",
  path: "/rotations",
  noun: "rotation",
  subject: "rotation",
  schema: RotationInput,
  blanks: { name: "", ...newFlow() },
  Fields: RotationFields,
};

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** Rotations have no mass edit; the route table never asks for one. */
export function MassEditPage() {
  return null;
}
