/**
 * The create / edit / clone form page every entity shares: loads the item,
 * checks the values with the contract before sending, shows the server's
 * field issues, and warns before unsaved changes are lost.
 */
import { type ComponentType, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { z } from "zod";
import { type CrudAction, crudAction } from "../app/route_rules.ts";
import { notify } from "../app/toasts.tsx";
import { DataState } from "../ui/data_state.tsx";
import {
  type EntityOf,
  type InputOf,
  refreshResource,
  type ResourceName,
  saveChecked,
  type SavedOf,
  useEntity,
  useMyAccount,
} from "./entity_api.ts";
import { checkWith, type FieldErrors, showSaveError } from "../ui/form_errors.ts";
import { ErrorList } from "../ui/error_list.tsx";
import { FormContext, initialValues, pickInput } from "../ui/form_state.ts";
import { sameValues, setIn } from "../ui/form_values.ts";
import { PageHeader, useRouteHandle } from "../ui/page.tsx";
import { canWrite, type Subject } from "../../contracts/rights.ts";
import { useUnsavedGuard } from "../ui/unsaved_guard.tsx";

type Values = Record<string, unknown>;

/**
 * What an entity feature tells the shared form: `R` is its resource, whose
 * declared schemas type the entity the fields and the aside are given.
 */
export interface FormConfig<R extends ResourceName> {
  resource: R;
  path: string;
  noun: string;
  subject: Subject;
  /** The create contract: it checks the form and marks required fields. */
  schema: z.ZodObject;
  /** Starting values of the fields the contract requires. */
  blanks: Partial<InputOf<R>>;
  Fields: ComponentType<{ action: CrudAction; entity?: EntityOf<R> }>;
  /** Shown beside the form once the item exists (a campaign's tracking link). */
  /** Beside the form: given the saved entity when editing, nothing before the first save. */
  Aside?: ComponentType<{ entity?: EntityOf<R> }>;
  /** Under the form when editing: the entity's history (an offer's payout changes). */
  History?: ComponentType<{ id: number }>;
  /** A different contract per action (users: the password is optional on edit). */
  schemaFor?: (action: CrudAction) => z.ZodObject;
  /** Overrides the save call (users clone through their own route). */
  save?: (action: CrudAction, values: Values) => Promise<SavedOf<R>>;
  /** Values of a clone, from the source's (default: name gets " (copy)"). */
  cloneValues?: (values: Values) => Values;
}

function startValues<R extends ResourceName>(
  config: FormConfig<R>,
  action: CrudAction,
  entity?: EntityOf<R>,
): Values {
  const schema = config.schemaFor?.(action) ?? config.schema;
  if (action.type === "create" || !entity) return initialValues(schema, config.blanks);
  const values = { ...initialValues(schema, config.blanks), ...pickInput(schema, entity) };
  if (action.type === "edit") return values;
  return config.cloneValues?.(values) ?? { ...values, name: `${entity.name} (copy)` };
}

/** The form page of one entity type. */
export function EntityFormPage<R extends ResourceName>({ config }: { config: FormConfig<R> }) {
  const { title, action: type = "create" } = useRouteHandle();
  const { id } = useParams();
  const action = crudAction(type, id) ?? { type: "create" as const };
  const sourceId = action.type === "create" ? undefined : action.id;
  const source = useEntity(config.resource, sourceId);
  const heading = action.type === "create" ? title : `${title} #${sourceId}`;
  const account = useMyAccount();
  // Create and clone make a new item: without the right to write there is nothing to show.
  const refusal = action.type !== "edit" && account.data !== undefined &&
      !canWrite(account.data, config.subject)
    ? new Error(
      config.subject === "user"
        ? "Only admins manage users"
        : `You have no right to create ${config.noun}s`,
    )
    : undefined;
  return (
    <div className="page page--form">
      <PageHeader
        title={heading}
        actions={<Link className="btn" to={config.path}>Back to list</Link>}
      >
        {source.data && action.type !== "create" && (
          <span className="muted">{source.data.name}</span>
        )}
      </PageHeader>
      <DataState
        loading={sourceId !== undefined && source.isLoading}
        error={source.error ?? refusal}
      >
        <FormBody
          key={`${action.type}:${sourceId ?? ""}`}
          config={config}
          action={action}
          entity={source.data}
        />
      </DataState>
    </div>
  );
}

function FormBody<R extends ResourceName>(
  props: { config: FormConfig<R>; action: CrudAction; entity?: EntityOf<R> },
) {
  const { config, action, entity } = props;
  // The calls take any resource's values: the contract checked them just before.
  const resource: ResourceName = config.resource;
  const navigate = useNavigate();
  const account = useMyAccount();
  const readOnly = account.data !== undefined && !canWrite(account.data, config.subject);
  const schema = config.schemaFor?.(action) ?? config.schema;
  const [baseline, setBaseline] = useState(() => startValues(config, action, entity));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [checked, setChecked] = useState(false);
  const [saving, setSaving] = useState(false);
  const dirty = !readOnly && !sameValues(values, baseline);
  const guard = useUnsavedGuard(dirty && !saving);
  const set = (path: string, value: unknown) => setValues((current) => setIn(current, path, value));
  useEffect(() => {
    // After a first save attempt, errors follow the values as they are fixed.
    if (!checked) return;
    const result = checkWith(schema, values);
    setErrors(result.ok ? {} : result.errors);
  }, [values]);
  const submit = async (close: boolean) => {
    setChecked(true);
    const result = checkWith(schema, values);
    if (!result.ok) {
      setErrors(result.errors);
      focusFirstError();
      return;
    }
    setSaving(true);
    try {
      const saved = config.save
        ? await config.save(action, result.value as Values)
        : await saveChecked(resource, action.type === "edit" ? action.id : undefined, result.value);
      await refreshResource(config.resource);
      notify(`${config.noun[0].toUpperCase()}${config.noun.slice(1)} saved`, { type: "success" });
      // A save can succeed with warnings (e.g. a postback URL that can never be sent).
      for (const warning of savedWarnings(saved)) notify(warning, { type: "warning" });
      setErrors({});
      setBaseline(values);
      guard.allowNext();
      if (close) void navigate(config.path);
      else if (action.type !== "edit") {
        void navigate(`${config.path}/edit/${saved.id}`, { replace: true });
      }
    } catch (error) {
      if (showSaveError(error, setErrors)) focusFirstError();
    } finally {
      setSaving(false);
    }
  };
  const listed = Object.entries(errors);
  const Fields = config.Fields;
  const Aside = config.Aside;
  const History = config.History;
  return (
    <FormContext.Provider value={{ values, set, errors, schema, readOnly }}>
      <form
        className="entity-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit(false);
        }}
      >
        {readOnly && (
          <p className="notice notice--warning">
            You can see this {config.noun} but not change it.
          </p>
        )}
        {listed.length > 0 && (
          <div className="notice notice--error" role="alert" data-testid="form-errors">
            <strong>
              Fix {listed.length === 1 ? "this field" : `these ${listed.length} fields`}:
            </strong>
            <ErrorList errors={listed} limit={8} />
          </div>
        )}
        {Aside && <Aside entity={action.type === "edit" ? entity : undefined} />}
        <Fields action={action} entity={entity} />
        {!readOnly && (
          <div className="form-actions">
            <button type="submit" className="btn btn--primary" disabled={saving}>
              {saving ? "Saving…" : action.type === "edit" ? "Save" : `Create ${config.noun}`}
            </button>
            <button
              type="button"
              className="btn"
              disabled={saving}
              onClick={() => void submit(true)}
            >
              Save and close
            </button>
            <Link className="btn btn--ghost" to={config.path}>Cancel</Link>
            {dirty && action.type === "edit" && <span className="muted">Unsaved changes</span>}
          </div>
        )}
      </form>
      {History && action.type === "edit" && <History id={action.id} />}
      {guard.dialog}
    </FormContext.Provider>
  );
}

function focusFirstError() {
  requestAnimationFrame(() => {
    const node = document.querySelector<HTMLElement>(
      "[aria-invalid=true], [data-testid=form-errors]",
    );
    node?.scrollIntoView({ block: "center" });
    if (node?.matches("input, select, textarea")) node.focus();
  });
}

/** The `warnings` a save answered beside the entity (field path and message). */
function savedWarnings(saved: object): string[] {
  const warnings = "warnings" in saved ? saved.warnings : undefined;
  if (!Array.isArray(warnings)) return [];
  return warnings.map((w) =>
    typeof w === "object" && w !== null && "message" in w ? String(w.message) : String(w)
  );
}
