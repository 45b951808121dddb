/** Offer screens (lazy chunk). The real list and form arrive with the offer work. */
import { entityPages } from "../ui/entity_pages.tsx";

const pages = entityPages({
  title: "Offers",
  path: "/offers",
  noun: "offer",
  listWhat: "Offers with their affiliate network, payout and statistics.",
  formWhat:
    "The offer URL with macros, affiliate network, payout, currency, country, upsell and daily cap.",
});

/** The list, with the mass-edit modal over it. */
export const ListPage = pages.ListPage;
/** The create / edit / clone form. */
export const FormPage = pages.FormPage;
/** The mass-edit modal. */
export const MassEditPage = pages.MassEditPage;
