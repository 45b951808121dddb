/** Lander screens (lazy chunk). The real list and form arrive with the lander work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Landers",
  path: "/landings",
  noun: "lander",
  listWhat: "Landers with their statistics; hosted landers come from the files manager.",
  formWhat: "The lander URL or hosted file, the number of offers it links to, and LP protection.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
