/** Affiliate network screens (lazy chunk). The real list and form arrive with the affiliate network work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Affiliate Networks",
  path: "/affiliate-networks",
  noun: "affiliate network",
  listWhat: "Affiliate networks with their statistics.",
  formWhat: "The offer URL template, postback token, IP allowlist and status mapping.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
