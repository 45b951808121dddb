/** Offer screens (lazy chunk): list, form, mass edit (group, payout, URL). */
import useSWR from "swr";
import { OFFER_ROUTES } from "../../contracts/api/entities.ts";
import { type Offer, OfferInput, OfferPatch, PayoutMode } from "../../contracts/offer.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { type InputOf, type PatchOf, useOptions } from "../entities/entity_api.ts";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { formatPrice } from "../ui/format.ts";
import { GroupField } from "../ui/form_controls.tsx";
import { MassEditModal } from "../entities/mass_edit.tsx";
import { moneyHistory } from "../entities/money_changes.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { UrlCopyLink } from "../entities/row_actions.tsx";
import { formFields } from "../ui/form_kit.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<InputOf<"offers">>();
/** The mass edit's fields, checked against the patch it sends. */
const M = formFields<PatchOf<"offers">>();

function NetworkName({ id }: { id: number | null }) {
  const networks = useOptions("affiliate-networks");
  if (id === null) return <span className="muted">—</span>;
  return <>{networks.data?.items.find((n) => n.id === id)?.name ?? `#${id}`}</>;
}

/** Today's caps (one request for the whole list; refreshed with the offers). */
function useOfferCaps() {
  return useSWR(routeUrl(OFFER_ROUTES.caps, {}), () => call(OFFER_ROUTES.caps, {}));
}

/** An offer's daily cap: "—", today's count of the cap, or "capped today". */
function CapCell({ offer }: { offer: Offer }) {
  const caps = useOfferCaps();
  if (offer.dailyCap === null) return <span className="muted">—</span>;
  const state = caps.data?.items.find((i) => i.offerId === offer.id);
  const count = `${state?.conversions ?? 0} / ${offer.dailyCap}`;
  if (!state?.capped) return <span title="conversions today / daily cap">{count}</span>;
  return (
    <span
      className="chip chip--warn"
      title={`${count} conversions today (${caps.data?.timeZone}): traffic goes to the fallback`}
    >
      capped today
    </span>
  );
}

const payoutText = (o: Offer) =>
  o.payoutMode === "auto" ? "auto" : `${formatPrice(o.payout)} ${o.currency}`;

const list: ListConfig<"offers"> = {
  resource: "offers",
  path: "/offers",
  title: "Offers",
  noun: "offer",
  subject: "offer",
  groupType: "offer",
  reportType: "offer",
  CopyLink: UrlCopyLink,
  massEdit: true,
  stats: true,
  hiddenByDefault: ["url"],
  columns: [
    {
      key: "network",
      label: "Network",
      width: 130,
      render: (o) => <NetworkName id={o.affiliateNetworkId} />,
    },
    {
      key: "payout",
      label: "Payout",
      width: 110,
      align: "end",
      sort: "payout",
      render: payoutText,
    },
    {
      key: "cap",
      label: "Daily cap",
      width: 110,
      render: (o) => <CapCell offer={o} />,
    },
    {
      key: "country",
      label: "Geo",
      width: 56,
      sort: "country",
      render: (o) => o.country || "—",
    },
    {
      key: "url",
      label: "URL",
      width: 260,
      render: (o) => <span className="ellipsis">{o.url}</span>,
    },
  ],
};

function OfferFields() {
  return (
    <div className="stack">
      <section className="section card" aria-label="General">
        <div className="form-grid">
          <F.TextField path="name" label="Name" />
          <GroupField type="offer" />
          <F.EntityField
            path="affiliateNetworkId"
            label="Affiliate network"
            resource="affiliate-networks"
            empty="None"
          />
          <F.TextField path="country" label="Country" placeholder="US (empty for any)" />
        </div>
        <F.TextField
          path="url"
          label="Offer URL"
          placeholder="https://network.example/offer?sub1={clickid}"
          hint="Macros like {clickid}, {campaign_id}, {t1} are filled at the click."
        />
      </section>
      <section className="section card" aria-label="Payout">
        <h3 className="section__title">Payout</h3>
        <div className="form-grid">
          <F.SelectField
            path="payoutMode"
            label="Payout mode"
            options={[["fixed", "Fixed"], ["auto", "Auto (from postback)"]]}
          />
          <F.NumberField path="payout" label="Payout" step={0.0001} />
          <F.TextField path="currency" label="Currency" clean={(text) => text.toUpperCase()} />
          <F.CheckField path="upsell" label="Upsell: repeat conversions add up" />
          <F.NumberField
            path="dailyCap"
            label="Daily cap (conversions)"
            step={1}
            nullable
            placeholder="no cap"
          />
          <F.EntityField
            path="capFallbackOfferId"
            label="When capped, send to"
            resource="offers"
            empty="No fallback"
          />
        </div>
        <F.TextAreaField path="notes" label="Notes" rows={2} />
      </section>
    </div>
  );
}

const form: FormConfig<"offers"> = {
  resource: "offers",
  path: "/offers",
  noun: "offer",
  subject: "offer",
  schema: OfferInput,
  blanks: { name: "", url: "" },
  Fields: OfferFields,
  History: moneyHistory("offers", "Payout changes", {
    payoutMode: "Payout mode",
    payout: "Payout",
    currency: "Currency",
  }),
};

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** The mass-edit modal. */
export function MassEditPage() {
  return (
    <MassEditModal
      config={{
        resource: "offers",
        path: "/offers",
        noun: "offer",
        groupType: "offer",
        patchSchema: OfferPatch,
        fields: [
          {
            key: "payoutMode",
            label: "Payout mode",
            start: "fixed",
            control: (
              <M.SelectField
                path="payoutMode"
                label="Payout mode"
                options={PayoutMode.options.map((m) => [m, m])}
              />
            ),
          },
          {
            key: "payout",
            label: "Payout",
            start: 0,
            show: (v) => formatPrice(Number(v)),
            control: <M.NumberField path="payout" label="Payout" step={0.0001} />,
          },
          { key: "url", label: "URL", start: "", control: <M.TextField path="url" label="URL" /> },
        ],
      }}
    />
  );
}
