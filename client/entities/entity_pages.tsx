/** The route components of an entity feature, made from its list and form configs. */
import type { ResourceName } from "./entity_api.ts";
import { EntityFormPage, type FormConfig } from "./entity_form.tsx";
import { EntityListPage, type ListConfig } from "./entity_list.tsx";

/** `ListPage` (the list, with any mass-edit modal over it) and `FormPage` (create / edit / clone). */
export function entityPages<R extends ResourceName>(list: ListConfig<R>, form: FormConfig<R>) {
  return {
    ListPage: function ListPage() {
      return <EntityListPage config={list} />;
    },
    FormPage: function FormPage() {
      return <EntityFormPage config={form} />;
    },
  };
}
