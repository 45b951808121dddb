/** User screens (lazy chunk). The real list and form arrive with the user work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Users",
  path: "/users",
  noun: "user",
  listWhat: "Panel users with their roles and rights.",
  formWhat: "Username, role, rights per entity type, the hide-profit flag and the API key.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
