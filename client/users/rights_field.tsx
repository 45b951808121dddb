/** A user's rights per entity type (none, read, write), with a default for the types not set. */
import { Access, PermissionSubject } from "../../contracts/user.ts";
import { SUBJECT_LABELS } from "../../contracts/rights.ts";
import { formFields } from "../ui/form_kit.ts";
import type { UserInput } from "../../contracts/user.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<UserInput>();

/** `offer: write, others: read` for the list. */
export function rightsSummary(permissions: Record<string, string>): string {
  const parts = PermissionSubject.options.filter((s) => permissions[s]).map((s) =>
    `${s}: ${permissions[s]}`
  );
  parts.push(`others: ${permissions["*"] ?? "none"}`);
  return parts.join(", ");
}

/** The rights grid; shown for every role, applied only to plain users (admins may do everything). */
export function RightsField() {
  const field = F.useField("permissions");
  const role = F.useField("role").value;
  const rights = field.value ?? {};
  const fallback = rights["*"] ?? "none";
  const setRight = (subject: PermissionSubject | "*", access: Access | "") => {
    const next = { ...rights };
    if (access === "") delete next[subject];
    else next[subject] = access;
    field.set(next);
  };
  return (
    <section className="section card" aria-label="Rights">
      <h3 className="section__title">Rights</h3>
      {role !== "user" && (
        <p className="notice notice--warning">
          Admins and super-admins may do everything; these rights apply to users.
        </p>
      )}
      <table className="rights">
        <thead>
          <tr>
            <th scope="col">Entity type</th>
            {Access.options.map((a) => <th key={a} scope="col">{a}</th>)}
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">Default for all</th>
            {Access.options.map((a) => (
              <td key={a}>
                <input
                  type="radio"
                  name="right-*"
                  aria-label={`Default: ${a}`}
                  checked={fallback === a}
                  disabled={field.readOnly}
                  onChange={() => setRight("*", a)}
                />
              </td>
            ))}
          </tr>
          {PermissionSubject.options.map((subject) => (
            <tr key={subject}>
              <th scope="row">{SUBJECT_LABELS[subject]}</th>
              {Access.options.map((a) => (
                <td key={a}>
                  <input
                    type="radio"
                    name={`right-${subject}`}
                    aria-label={`${SUBJECT_LABELS[subject]}: ${a}`}
                    checked={(rights[subject] ?? fallback) === a}
                    disabled={field.readOnly}
                    onChange={() => setRight(subject, a === fallback ? "" : a)}
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
