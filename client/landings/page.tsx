/** Lander screens (lazy chunk): list, form, mass edit (group, URL). */
import { LandingInput, LandingPatch } from "../../contracts/landing.ts";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { GroupField } from "../ui/form_controls.tsx";
import { MassEditModal } from "../entities/mass_edit.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { UrlCopyLink } from "../entities/row_actions.tsx";
import { formFields } from "../ui/form_kit.ts";
import type { InputOf, PatchOf } from "../entities/entity_api.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"landings">>();
/** The mass edit's fields, checked against the patch it sends. */
const M = formFields<PatchOf<"landings">>();

const list: ListConfig<"landings"> = {
  resource: "landings",
  path: "/landings",
  title: "Landers",
  noun: "lander",
  subject: "landing",
  groupType: "landing",
  reportType: "landing",
  CopyLink: UrlCopyLink,
  massEdit: true,
  stats: true,
  columns: [
    {
      key: "url",
      label: "URL",
      width: 240,
      render: (l) => <span className="ellipsis">{l.url}</span>,
    },
    {
      key: "offerCount",
      label: "Offers",
      width: 64,
      align: "end",
      sort: "offerCount",
      render: (l) => l.offerCount,
    },
    { key: "protect", label: "Protected", width: 80, render: (l) => (l.protect ? "yes" : "—") },
  ],
};

function LandingFields() {
  return (
    <section className="section card" aria-label="General">
      <div className="form-grid">
        <F.TextField path="name" label="Name" />
        <GroupField type="landing" />
        <F.NumberField path="offerCount" label="Offers on the page" step={1} />
        <F.CheckField
          path="protect"
          label="Protect: open only through a click"
          hint="Hosted landers (/lp/files/…) only, while Settings → LP protect is on."
        />
      </div>
      <F.TextField
        path="url"
        label="Lander URL"
        placeholder="https://lp.example/page or /lp/files/page/index.html"
        hint="Links to the offer go to /lp/click (offer=N picks the Nth offer of the path)."
      />
      <F.TextAreaField path="notes" label="Notes" rows={2} />
    </section>
  );
}

const form: FormConfig<"landings"> = {
  resource: "landings",
  path: "/landings",
  noun: "lander",
  subject: "landing",
  schema: LandingInput,
  blanks: { name: "", url: "" },
  Fields: LandingFields,
};

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** The mass-edit modal. */
export function MassEditPage() {
  return (
    <MassEditModal
      config={{
        resource: "landings",
        path: "/landings",
        noun: "lander",
        groupType: "landing",
        patchSchema: LandingPatch,
        fields: [
          { key: "url", label: "URL", start: "", control: <M.TextField path="url" label="URL" /> },
          {
            key: "protect",
            label: "Protect",
            start: true,
            show: (v) => (v ? "on" : "off"),
            control: <M.CheckField path="protect" label="Protect" />,
          },
        ],
      }}
    />
  );
}
