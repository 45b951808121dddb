/** User screens (lazy chunk, admins): list, and the form with role, rights, hide-profit and disable. */
import { z } from "zod";
import { Role } from "../../contracts/auth.ts";
import {
  NewPassword,
  type User,
  UserCloneInput,
  UserInput,
  UserPatch,
} from "../../contracts/user.ts";
import { USER_ROUTES } from "../../contracts/api/users.ts";
import { call } from "../app/api.ts";
import type { CrudAction } from "../app/route_rules.ts";
import type { FormConfig } from "../entities/entity_form.tsx";
import type { ListConfig } from "../entities/entity_list.tsx";
import { formatStamp } from "../ui/format.ts";
import { RightsField, rightsSummary } from "./rights_field.tsx";
import { entityPages } from "../entities/entity_pages.tsx";
import { formFields } from "../ui/form_kit.ts";

/** The form's fields, bound by paths checked against its values. */
const F = formFields<UserInput>();

const list: ListConfig<"users"> = {
  resource: "users",
  path: "/users",
  title: "Users",
  noun: "user",
  subject: "user",
  stats: false,
  columns: [
    { key: "role", label: "Role", width: 100, sort: "role", render: (u) => String(u.role) },
    {
      key: "rights",
      label: "Rights",
      width: 260,
      render: (u) =>
        u.role === "user" ? rightsSummary(u.permissions as Record<string, string>) : "everything",
    },
    {
      key: "hideProfit",
      label: "Profit",
      width: 70,
      render: (u) => (u.hideProfit ? "hidden" : "shown"),
    },
    {
      key: "disabled",
      label: "Status",
      width: 80,
      sort: "disabled",
      render: (
        u,
      ) => (u.disabled ? <span className="status status--paused">disabled</span> : "active"),
    },
    {
      key: "created",
      label: "Created",
      width: 150,
      sort: "createdAt",
      render: (u) => formatStamp(Number(u.createdAt)),
    },
  ],
};

/** On edit the password may stay empty (kept as it is). */
const EditSchema = UserInput.extend({ password: z.union([z.literal(""), NewPassword]) });

function UserFields(props: { action: CrudAction }) {
  return (
    <div className="stack">
      <section className="section card" aria-label="Account">
        <div className="form-grid">
          <F.TextField path="username" label="Username" />
          <F.TextField
            path="password"
            type="password"
            autoComplete="new-password"
            label={props.action.type === "edit" ? "New password" : "Password"}
            hint={props.action.type === "edit" ? "Leave empty to keep the current one." : undefined}
          />
          <F.SelectField path="role" label="Role" options={Role.options.map((r) => [r, r])} />
          <F.CheckField path="hideProfit" label="Hide profit (revenue, profit, ROI, EPC)" />
          <F.CheckField path="disabled" label="Disabled (ends their sessions)" />
        </div>
      </section>
      <RightsField />
      <section className="section card" aria-label="Notes">
        <F.TextAreaField path="notes" label="Notes" rows={2} />
      </section>
    </div>
  );
}

type Values = Record<string, unknown>;

/**
 * The form has checked `values` with its schema; each call reads them with its
 * route's own (a no-op on checked values) to send them typed.
 */
async function saveUser(action: CrudAction, values: Values): Promise<User> {
  if (action.type === "create") {
    return call(USER_ROUTES.create, { body: UserInput.parse(values) });
  }
  const { password, username, ...rest } = values;
  if (action.type === "edit") {
    const body = UserPatch.parse(password ? values : { username, ...rest });
    return call(USER_ROUTES.patch, { params: { id: action.id }, body });
  }
  // A clone gets its own name and password from the clone route, then the form's other values.
  const copy = await call(USER_ROUTES.clone, {
    params: { id: action.id },
    body: UserCloneInput.parse({ username, password }),
  });
  return call(USER_ROUTES.patch, { params: { id: copy.id }, body: UserPatch.parse(rest) });
}

const form: FormConfig<"users"> = {
  resource: "users",
  path: "/users",
  noun: "user",
  subject: "user",
  schema: UserInput,
  schemaFor: (action) => (action.type === "edit" ? EditSchema : UserInput),
  blanks: { username: "", password: "" },
  Fields: UserFields,
  save: saveUser,
  cloneValues: (values) => ({
    ...values,
    username: `${values.username}-copy`,
    password: "",
    disabled: false,
  }),
};

/** The list and the create / edit / clone form. */
export const { ListPage, FormPage } = entityPages(list, form);

/** Users have no mass-edit route. */
export function MassEditPage() {
  return null;
}
