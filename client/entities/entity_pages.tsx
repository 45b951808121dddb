/** The route components of an entity feature, made from its list and form configs. */
import { EntityFormPage, type FormConfig } from "./entity_form.tsx";
import { EntityListPage, type ListConfig } from "./entity_list.tsx";

/** `ListPage` (the list, with any mass-edit modal over it) and `FormPage` (create / edit / clone). */
export function entityPages(list: ListConfig, form: FormConfig) {
  return {
    ListPage: function ListPage() {
      return <EntityListPage config={list} />;
    },
    FormPage: function FormPage() {
      return <EntityFormPage config={form} />;
    },
  };
}
