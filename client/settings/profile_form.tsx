/** Settings → User: own profile (name, e-mail, time zone) and the password change. */
import { type FormEvent, useState } from "react";
import type { z } from "zod";
import { PasswordChangeInput } from "../../contracts/user.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { checkWith } from "../ui/form_errors.ts";
import type { SettingsValue } from "../../contracts/settings.ts";
import { formFields } from "../ui/form_kit.ts";
import { FormContext } from "../ui/form_state.ts";
import { useLocalForm } from "../ui/local_form.ts";
import { SectionForm } from "./section_form.tsx";
import { TimezoneList } from "./controls.tsx";
import { sectionFormProps, showFailure, useSection } from "./use_section.ts";

const Profile = formFields<SettingsValue<"user">>();

/** The profile form. */
export function ProfileForm() {
  const section = useSection("user");
  const d = section.draft;
  return (
    <SectionForm
      label="Profile"
      title="Profile"
      {...sectionFormProps(section)}
    >
      {d && (
        <div className="form-grid">
          <Profile.TextField path="displayName" label="Display name" />
          <Profile.TextField path="email" label="E-mail" type="email" />
          <Profile.TextField
            path="timezone"
            label="Time zone"
            hint="Lists: their date presets (Today, Yesterday…) and figures; the click log's days and times."
            list="profile-timezones"
          />
          <TimezoneList id="profile-timezones" />
        </div>
      )}
    </SectionForm>
  );
}

/** The password change's values: the contract's, and the new password typed again. */
type PasswordValues = z.input<typeof PasswordChangeInput> & { repeat: string };

const EMPTY: PasswordValues = { currentPassword: "", newPassword: "", repeat: "" };
const Password = formFields<PasswordValues>();

/** The password change: the current password is required; other sessions end. */
export function PasswordForm() {
  const form = useLocalForm<typeof PasswordChangeInput, PasswordValues>(
    PasswordChangeInput,
    EMPTY,
  );
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(PasswordChangeInput, form.values);
    const mismatch = form.values.repeat !== form.values.newPassword;
    if (!checked.ok || mismatch) {
      form.setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(mismatch ? { repeat: "does not match the new password" } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      await call(USER_ROUTES.password, { body: checked.value });
      form.setValues(EMPTY);
      form.setErrors({});
      notify("Password changed; your other sessions were signed out", { type: "success" });
    } catch (err) {
      showFailure(err, form.setErrors);
    } finally {
      setBusy(false);
    }
  };
  return (
    <FormContext.Provider value={form.api}>
      <form className="card stack" aria-label="Change password" onSubmit={submit} noValidate>
        <h3 className="card__title">Change password</h3>
        <div className="form-grid">
          {(
            [
              ["currentPassword", "Current password"],
              ["newPassword", "New password"],
              ["repeat", "Repeat new password"],
            ] as const
          ).map(([key, label]) => (
            <Password.TextField
              key={key}
              path={key}
              label={label}
              type="password"
              autoComplete={key === "currentPassword" ? "current-password" : "new-password"}
            />
          ))}
        </div>
        <div>
          <button type="submit" className="btn btn--primary" disabled={busy}>
            {busy ? "Changing…" : "Change password"}
          </button>
        </div>
      </form>
    </FormContext.Provider>
  );
}
