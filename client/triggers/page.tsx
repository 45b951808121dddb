/** Trigger screens (lazy chunk): list, form with dry run and history, channels. */
import { useState } from "react";
import {
  type Action,
  ACTION_LABELS,
  type Condition,
  SCOPE_LABELS,
  type ScopeType,
  type Trigger,
  TriggerInput,
} from "../../contracts/trigger.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { useMyAccount } from "../entities/entity_api.ts";
import { EntityFormPage, type FormConfig } from "../entities/entity_form.tsx";
import { EntityListPage, type ListConfig } from "../entities/entity_list.tsx";
import { canWrite } from "../../contracts/rights.ts";
import { checkNow, useRefreshTriggerViews } from "./api.ts";
import { NEW_CONDITION, TriggerFields } from "./fields.tsx";
import { TriggerHistory } from "./history.tsx";
import { TriggerListActions, TriggerListHistory } from "./list_tools.tsx";

function conditionText(c: Condition): string {
  if (c.kind === "urlDown") return c.mustContain ? `URL lacks "${c.mustContain}"` : "URL down";
  const w = `${c.window.amount} ${c.window.unit}`;
  if (c.kind === "noPostbacks") return `no postbacks in ${w} with ≥ ${c.minClicks} clicks`;
  const unit = c.compare === "previous" ? "% vs previous" : "";
  return `${c.metric} ${c.op} ${c.value}${unit} (${w})`;
}

const list: ListConfig<"triggers"> = {
  resource: "triggers",
  HeaderActions: TriggerListActions,
  Panel: TriggerListHistory,
  path: "/triggers",
  title: "Triggers",
  noun: "trigger",
  subject: "trigger",
  stats: false,
  columns: [
    {
      key: "enabled",
      label: "On",
      width: 56,
      sort: "enabled",
      render: (t) => (t.enabled ? "on" : <span className="muted">off</span>),
    },
    {
      key: "scope",
      label: "Watches",
      // The longest scope, "Landers and offers (URL checks)", whole at 1366 px.
      width: 236,
      render: (t) => SCOPE_LABELS[(t.scope as { type: ScopeType }).type],
    },
    {
      key: "conditions",
      label: "When",
      width: 320,
      render: (t) => (
        <span className="ellipsis">
          {(t.conditions as Condition[]).map(conditionText).join(
            t.logic === "any" ? " or " : " and ",
          )}
        </span>
      ),
    },
    {
      key: "actions",
      label: "Then",
      width: 220,
      render: (t) => (t.actions as Action[]).map((a) => ACTION_LABELS[a.kind]).join(", "),
    },
    {
      key: "cooldownMinutes",
      label: "Every / cooldown",
      width: 130,
      render: (t) => `${t.checkEveryMinutes} / ${t.cooldownMinutes} min`,
    },
  ],
};

/** A saved trigger's "check now" and history; nothing before the first save. */
function CheckAside({ entity }: { entity?: Trigger }) {
  return entity ? <SavedCheckAside entity={entity} /> : null;
}

function SavedCheckAside({ entity }: { entity: Trigger }) {
  const account = useMyAccount();
  const writable = canWrite(account.data, "trigger");
  const [busy, setBusy] = useState(false);
  const refreshTriggerViews = useRefreshTriggerViews();
  const run = async () => {
    setBusy(true);
    try {
      const answer = await checkNow(entity.id);
      await refreshTriggerViews();
      const names = answer.fired.map((f) => f.label).join(", ");
      // What holds but fired within its cooldown ("Push: in cooldown") is not "nothing".
      const held = answer.skipped.length ? `; not again yet: ${answer.skipped.join(", ")}` : "";
      notify(names ? `Fired for ${names}${held}` : `Checked: nothing to fire${held}`, {
        type: "info",
      });
    } catch (error) {
      notifyError(error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="stack">
      {writable && (
        <p>
          <button type="button" className="btn" disabled={busy} onClick={() => void run()}>
            {busy ? "Checking…" : "Check now"}
          </button>{" "}
          <span className="muted">Saved values; acts like a scheduled check.</span>
        </p>
      )}
      <TriggerHistory triggerId={entity.id} canUndo={writable} />
    </div>
  );
}

const form: FormConfig<"triggers"> = {
  resource: "triggers",
  path: "/triggers",
  noun: "trigger",
  subject: "trigger",
  schema: TriggerInput,
  blanks: {
    name: "",
    scope: { type: "campaign", ids: [], campaignId: null, token: null },
    conditions: [NEW_CONDITION.metric],
    actions: [{ kind: "notify", channels: ["panel"] }],
  },
  Fields: TriggerFields,
  Aside: CheckAside,
};

/** The list; its header holds the history of every trigger and (admins) the channels. */
export function ListPage() {
  return <EntityListPage config={list} />;
}

/** Create / edit / clone. */
export function FormPage() {
  return <EntityFormPage config={form} />;
}
