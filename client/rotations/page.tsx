/** Rotation screens (lazy chunk). The real list and form arrive with the rotation work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Rotations",
  path: "/rotations",
  noun: "rotation",
  listWhat: "Reusable rotations (flows) with their rules and paths.",
  formWhat: "Ordered rules with criteria, weighted paths of landers and offers, and default paths.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
