/**
 * The money an offer, a campaign or a network sets, as it changed (decision 185): when, who, the
 * field, before and after. Under the edit form; refreshed with the entity after a save.
 */
import type { ComponentType } from "react";
import useSWR from "swr";
import { ENTITY_ROUTES } from "../../contracts/api/entities.ts";
import { routeUrl } from "../../contracts/route.ts";
import { call } from "../app/api.ts";
import { DataState } from "../ui/data_state.tsx";
import { formatPrice, formatStamp } from "../ui/format.ts";
import { SimpleTable } from "../ui/simple_table.tsx";
import { userTimeZone } from "../ui/date_range.ts";

/** The entity types whose money settings are on record. */
export type WithMoney = "offers" | "campaigns" | "affiliate-networks";

function useMoneyChanges(resource: WithMoney, id: number) {
  const decl = ENTITY_ROUTES[resource].changes;
  return useSWR(routeUrl(decl, { params: { id } }), () => call(decl, { params: { id } }));
}

function shown(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  return typeof value === "number" ? formatPrice(value) : String(value);
}

/** The changes of entity `id`, with `labels` naming its money fields. */
export function MoneyChanges(
  props: { resource: WithMoney; id: number; title: string; labels: Record<string, string> },
) {
  const changes = useMoneyChanges(props.resource, props.id);
  const items = changes.data?.items ?? [];
  const timeZone = userTimeZone();
  return (
    <section className="card stack money-changes" aria-label={props.title}>
      <h3 className="card__title">{props.title}</h3>
      <DataState
        loading={changes.isLoading}
        error={changes.error}
        empty={items.length === 0}
        emptyText="No changes since it was created."
      >
        <SimpleTable heads={["When", "Who", "Field", "Before", "After"]}>
          {items.map((c, i) => (
            <tr key={i}>
              <td>{formatStamp(c.ts, timeZone)}</td>
              <td>{c.author}</td>
              <td>{props.labels[c.field] ?? c.field}</td>
              <td>{shown(c.before)}</td>
              <td>{shown(c.after)}</td>
            </tr>
          ))}
        </SimpleTable>
      </DataState>
    </section>
  );
}

/** The `History` of an entity form: `resource`'s money changes under `title`. */
export function moneyHistory(
  resource: WithMoney,
  title: string,
  labels: Record<string, string>,
): ComponentType<{ id: number }> {
  return ({ id }) => <MoneyChanges resource={resource} id={id} title={title} labels={labels} />;
}
