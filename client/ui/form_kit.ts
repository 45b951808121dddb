/**
 * One form's kit: the bound controls with their paths checked against the
 * form's value type. `const F = formFields<OfferInput>()` gives `F.TextField`
 * taking `path: FieldPath<OfferInput>`, so a misspelt path does not compile.
 * The controls are the same components, instantiated at T.
 */
import {
  CheckField,
  EntityField,
  FieldError,
  LinesField,
  NumberField,
  RadioField,
  SelectField,
  TextAreaField,
  TextField,
} from "./form_controls.tsx";
import { type BoundField, useField } from "./form_state.ts";
import { type FieldPath, type PathValue, type Place, toPlace } from "./field_path.ts";

/** The kit of a form whose values are a T (the same components, typed by T's paths). */
export function formFields<T>() {
  return {
    TextField: TextField<T>,
    TextAreaField: TextAreaField<T>,
    LinesField: LinesField<T>,
    NumberField: NumberField<T>,
    SelectField: SelectField<T>,
    RadioField: RadioField<T>,
    CheckField: CheckField<T>,
    EntityField: EntityField<T>,
    /** The error at a path, for a control drawn by hand. */
    FieldError: FieldError<T>,
    /** The field at a path: its value is typed by the path. */
    useField: <P extends FieldPath<T>>(path: P): BoundField<PathValue<T, P>> =>
      useField(toPlace<PathValue<T, P>>(path)),
    /** The place of a path, for a nested editor that reaches further with `within`. */
    place: <P extends FieldPath<T>>(path: P): Place<PathValue<T, P>> =>
      toPlace<PathValue<T, P>>(path),
  };
}
