import type { ReactNode } from 'react';
import { useController, type Control, type ControllerRenderProps, type FieldPath, type FieldValues, type UseControllerProps } from 'react-hook-form';

import { Field, type FieldControlProps, type FieldProps } from '@kalike/shared/ui/form/field';

interface ControlledFieldProps<Values extends FieldValues, Name extends FieldPath<Values>> extends Omit<FieldProps, 'children' | 'error'> {
  control: Control<Values>;
  name: Name;
  rules?: UseControllerProps<Values, Name>['rules'];
  /** The control, given react-hook-form's value and events and the field's id and descriptions. */
  children: (field: ControllerRenderProps<Values, Name>, control: FieldControlProps) => ReactNode;
}

/**
 * A control that is not a plain input (a formatted number, a picker) bound to react-hook-form
 * through its controller, inside a Field that shows the controller's error.
 */
export function ControlledField<Values extends FieldValues, Name extends FieldPath<Values>>({
  control,
  name,
  rules,
  children,
  ...field
}: ControlledFieldProps<Values, Name>) {
  const controller = useController({ control, name, rules });
  return (
    <Field {...field} error={controller.fieldState.error?.message}>
      {(props) => children(controller.field, props)}
    </Field>
  );
}
