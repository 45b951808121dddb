/** Settings → User: own profile (name, e-mail, time zone) and the password change. */
import { type FormEvent, useState } from "react";
import { PasswordChangeInput } from "../../contracts/user.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { call } from "../app/api.ts";
import { notify } from "../app/toasts.tsx";
import { checkWith, type FieldErrors } from "../ui/form_errors.ts";
import { SectionForm } from "./section_form.tsx";
import { Input, TimezoneList } from "./controls.tsx";
import { sectionFormProps, showFailure, useSection } from "./use_section.ts";

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
          <Input
            label="Display name"
            path="displayName"
            value={d.displayName}
            errors={section.errors}
            onChange={(displayName) => section.change({ displayName })}
          />
          <Input
            label="E-mail"
            path="email"
            type="email"
            value={d.email}
            errors={section.errors}
            onChange={(email) => section.change({ email })}
          />
          <Input
            label="Time zone"
            hint="Lists: their date presets (Today, Yesterday…) and figures; the click log's days and times."
            path="timezone"
            value={d.timezone}
            list="profile-timezones"
            errors={section.errors}
            onChange={(timezone) => section.change({ timezone })}
          />
          <TimezoneList id="profile-timezones" />
        </div>
      )}
    </SectionForm>
  );
}

const EMPTY = { currentPassword: "", newPassword: "", repeat: "" };

/** The password change: the current password is required; other sessions end. */
export function PasswordForm() {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = checkWith(PasswordChangeInput, values);
    const mismatch = values.repeat !== values.newPassword;
    if (!checked.ok || mismatch) {
      setErrors({
        ...(checked.ok ? {} : checked.errors),
        ...(mismatch ? { repeat: "does not match the new password" } : {}),
      });
      return;
    }
    setBusy(true);
    try {
      await call(USER_ROUTES.password, { body: checked.value });
      setValues(EMPTY);
      setErrors({});
      notify("Password changed; your other sessions were signed out", { type: "success" });
    } catch (err) {
      showFailure(err, setErrors);
    } finally {
      setBusy(false);
    }
  };
  const set = (key: keyof typeof EMPTY) => (value: string) =>
    setValues({ ...values, [key]: value });
  return (
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
          <Input
            key={key}
            type="password"
            autoComplete={key === "currentPassword" ? "current-password" : "new-password"}
            label={label}
            path={key}
            value={values[key]}
            errors={errors}
            onChange={set(key)}
          />
        ))}
      </div>
      <div>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "Changing…" : "Change password"}
        </button>
      </div>
    </form>
  );
}
