/** Traffic source screens (lazy chunk). The real list and form arrive with the traffic source work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Traffic Sources",
  path: "/traffic-sources",
  noun: "traffic source",
  listWhat: "Traffic sources with their statistics.",
  formWhat: "Parameters, tokens, cost parameter and the postback URL with its statuses.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
