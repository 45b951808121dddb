/** Campaign screens (lazy chunk). The real list and form arrive with the campaign work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Campaigns",
  path: "/campaigns",
  noun: "campaign",
  listWhat:
    "Campaigns with their clicks, conversions, cost, revenue, profit and ROI for the chosen dates, with groups, search and mass actions.",
  formWhat:
    "The campaign's traffic source, domain, cost model, destination (rotation, inline flow, URL or campaign) and postback.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
