/** Campaign screens (lazy chunk): list, form with flow editor and tracking link, mass edit. */
import {
  CampaignInput,
  CampaignPatch,
  CampaignStatus,
  CostModel,
} from "../../contracts/campaign.ts";
import type { Destination } from "../../contracts/campaign.ts";
import { type PatchOf, useOptions } from "../entities/entity_api.ts";
import { moneyHistory } from "../entities/money_changes.tsx";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { formatPrice } from "../ui/format.ts";
import { newFlow } from "../flow/flow_model.ts";
import { MassEditModal } from "../entities/mass_edit.tsx";
import { CampaignFields, COST_MODEL_LABELS } from "./fields.tsx";
import { fetchTrackingLink, TrackingLink } from "./tracking_link.tsx";
import { CopyLinkButton, type EntityRow } from "../entities/row_actions.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { CostUpdatesAction, UpdateCostAction } from "./cost_update.tsx";
import { formFields } from "../ui/form_kit.ts";

/** The mass edit's fields, checked against the patch it sends. */
const M = formFields<PatchOf<"campaigns">>();

const DESTINATION_LABELS: Record<Destination["type"], string> = {
  flow: "Flow",
  rotation: "Rotation",
  url: "URL",
  campaign: "Campaign",
};

function SourceName({ id }: { id: number | null }) {
  const sources = useOptions("traffic-sources");
  if (id === null) return <span className="muted">—</span>;
  return <>{sources.data?.items.find((s) => s.id === id)?.name ?? `#${id}`}</>;
}

const list: ListConfig<"campaigns"> = {
  resource: "campaigns",
  path: "/campaigns",
  title: "Campaigns",
  noun: "campaign",
  subject: "campaign",
  groupType: "campaign",
  reportType: "campaign",
  CopyLink: CampaignCopyLink,
  massEdit: true,
  SelectionActions: UpdateCostAction,
  HeaderActions: CostUpdatesAction,
  stats: true,
  hiddenByDefault: ["key"],
  columns: [
    {
      key: "status",
      label: "Status",
      width: 72,
      minWidth: 64,
      sort: "status",
      render: (c) => <span className={`status status--${c.status}`}>{c.status}</span>,
    },
    {
      key: "source",
      label: "Source",
      width: 110,
      minWidth: 80,
      render: (c) => <SourceName id={c.trafficSourceId} />,
    },
    {
      key: "costModel",
      label: "Cost model",
      width: 96,
      minWidth: 84,
      sort: "costValue",
      render: (c) =>
        `${COST_MODEL_LABELS[c.costModel]?.split(" ")[0] ?? c.costModel} ${
          formatPrice(c.costValue)
        }`,
    },
    {
      key: "destination",
      label: "Destination",
      width: 90,
      minWidth: 76,
      render: (c) => DESTINATION_LABELS[c.destination.type],
    },
    { key: "key", label: "Key", width: 130, render: (c) => <code>{c.key}</code> },
  ],
};

/** A campaign row's Copy link: its tracking link. */
function CampaignCopyLink({ item }: { item: EntityRow }) {
  return <CopyLinkButton link={() => fetchTrackingLink(item)} name={item.name} />;
}

const form: FormConfig<"campaigns"> = {
  resource: "campaigns",
  path: "/campaigns",
  noun: "campaign",
  subject: "campaign",
  schema: CampaignInput,
  blanks: { name: "", timeZone: "", destination: { type: "flow", flow: newFlow() } },
  Fields: CampaignFields,
  Aside: TrackingLink,
  History: moneyHistory("campaigns", "Cost changes", {
    costModel: "Cost model",
    costValue: "Cost",
    costCurrency: "Cost currency",
  }),
};

const upper = (v: unknown) => String(v);

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** The mass-edit modal: group, cost model and value, status. */
export function MassEditPage() {
  return (
    <MassEditModal
      config={{
        resource: "campaigns",
        path: "/campaigns",
        noun: "campaign",
        groupType: "campaign",
        patchSchema: CampaignPatch,
        fields: [
          {
            key: "costModel",
            label: "Cost model",
            start: "cpc",
            show: (v) => COST_MODEL_LABELS[String(v)] ?? String(v),
            control: (
              <M.SelectField
                path="costModel"
                label="Cost model"
                options={CostModel.options.map((m) => [m, COST_MODEL_LABELS[m]])}
              />
            ),
          },
          {
            key: "costValue",
            label: "Cost value",
            start: 0,
            show: (v) => formatPrice(Number(v)),
            control: <M.NumberField path="costValue" label="Cost value" step={0.0001} />,
          },
          {
            key: "status",
            label: "Status",
            start: "paused",
            show: upper,
            control: (
              <M.SelectField
                path="status"
                label="Status"
                options={CampaignStatus.options.map((s) => [s, s])}
              />
            ),
          },
        ],
      }}
    />
  );
}
