/**
 * One settings section on the client: loaded with its contract, edited as a
 * draft, saved with PUT. The contract checks the draft before it is sent and
 * the server's field issues come back into the same error map.
 */
import { useEffect, useState } from "react";
import useSWR from "swr";
import {
  SETTINGS_SCHEMAS,
  type SettingsSection,
  type SettingsValue,
} from "../../contracts/settings.ts";
import { SETTINGS_ROUTES } from "../../contracts/api/settings.ts";
import { type RouteDecl, routeUrl } from "../../contracts/route.ts";
import { ApiError, call } from "../app/api.ts";
import { feedPanelSettings } from "../app/panel_settings.ts";
import { notify, notifyError } from "../app/toasts.tsx";
import { checkWith, type FieldErrors, issuesToErrors } from "../ui/form_errors.ts";
import type { FormApi } from "../ui/form_state.ts";
import { setIn } from "../ui/form_values.ts";

/** The SWR key of a section. */
export function sectionKey(section: SettingsSection): string {
  return routeUrl(SETTINGS_ROUTES[section].get, {});
}

/**
 * A section's GET (no body) or PUT, typed by its schema. `CallInput` cannot see through a
 * generic section, so the call is made on the declaration's plain shape here, once.
 */
function sectionCall<S extends SettingsSection>(
  section: S,
  body?: SettingsValue<S>,
): Promise<SettingsValue<S>> {
  const routes = SETTINGS_ROUTES[section];
  const plain = call as (decl: RouteDecl, input: { body?: unknown }) => Promise<unknown>;
  const answer = body === undefined ? plain(routes.get, {}) : plain(routes.put, { body });
  return answer as Promise<SettingsValue<S>>;
}

/** Loads a section. */
export function useSectionData<S extends SettingsSection>(section: S) {
  return useSWR(sectionKey(section), () => sectionCall(section));
}

/** A section as an editable draft, with save and field errors. */
export function useSection<S extends SettingsSection>(section: S) {
  const loaded = useSectionData(section);
  const [draft, setDraft] = useState<SettingsValue<S> | undefined>(undefined);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (loaded.data && draft === undefined) setDraft(loaded.data);
  }, [loaded.data, draft]);

  const change = (patch: Partial<SettingsValue<S>>) =>
    setDraft((d) => (d ? { ...d, ...patch } : d));

  const save = async (value: SettingsValue<S> | undefined = draft): Promise<boolean> => {
    if (!value) return false;
    const checked = checkWith(SETTINGS_SCHEMAS[section] as import("zod").ZodType, value);
    if (!checked.ok) {
      setErrors(checked.errors);
      return false;
    }
    setSaving(true);
    try {
      const saved = await sectionCall(section, checked.value as SettingsValue<S>);
      setErrors({});
      setDraft(saved);
      await loaded.mutate(saved, { revalidate: false });
      if (section === "user" || section === "stats") feedPanelSettings({ [section]: saved });
      notify("Settings saved", { type: "success" });
      return true;
    } catch (err) {
      showFailure(err, setErrors);
      return false;
    } finally {
      setSaving(false);
    }
  };

  /** What the kit's controls read: the draft, set by path, checked by the section's contract. */
  const form: FormApi = {
    values: (draft ?? {}) as Record<string, unknown>,
    set: (path, value) => setDraft((d) => (d ? setIn(d, path, value) : d)),
    errors,
    schema: SETTINGS_SCHEMAS[section],
    readOnly: false,
  };

  return {
    form,
    loading: loaded.isLoading || (!!loaded.data && draft === undefined),
    error: loaded.error,
    draft,
    change,
    save,
    saving,
    errors,
    dirty: draft !== undefined && JSON.stringify(draft) !== JSON.stringify(loaded.data),
  };
}

/** The part of a section that its form shows. */
interface SectionFormState {
  form: FormApi;
  loading: boolean;
  error: unknown;
  errors: FieldErrors;
  saving: boolean;
  dirty: boolean;
  save: () => Promise<boolean>;
}

/** The props `SectionForm` takes from a section; `onSave` replaces the plain save. */
export function sectionFormProps(
  section: SectionFormState,
  onSave: () => void = () => void section.save(),
) {
  const { form, loading, error, errors, saving, dirty } = section;
  return { form, loading, error, errors, saving, dirty, onSave };
}

/** A failed save: the server's field issues go to the form, the message to a toast. */
export function showFailure(err: unknown, setErrors: (errors: FieldErrors) => void): void {
  if (err instanceof ApiError && err.issues) setErrors(issuesToErrors(err.issues));
  notifyError(err);
}

/** Copies text, with a toast either way. */
export async function copyText(text: string, what = "Copied"): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    notify(what, { type: "success" });
  } catch {
    notify("The browser refused to copy", { type: "error" });
  }
}
