/**
 * Binds a TextField or SelectField (src/ui/TextField.tsx) to one field of a `useFormik` form: its
 * name, value, change and blur handlers, and its error in words. Formik holds the validators'
 * codes (the Yup schemas call the domain's validators); `errorText` turns a code into the
 * tasker's words. The error shows once the field was left (`'touched'`, the default) or only after
 * a submit (`'submitted'`, for a field that submits itself when complete).
 */
import type { FormikProps } from 'formik';

export type ShowErrorWhen = 'touched' | 'submitted';

export interface FormikFieldBinding {
  name: string;
  value: string;
  onChange: FormikProps<unknown>['handleChange'];
  onBlur: FormikProps<unknown>['handleBlur'];
  error: string | undefined;
}

export function formikField<V>(
  formik: FormikProps<V>,
  name: keyof V & string,
  errorText: (code: string | undefined) => string | undefined,
  when: ShowErrorWhen = 'touched',
): FormikFieldBinding {
  const { value, onChange, onBlur } = formik.getFieldProps<unknown>(name);
  const code = formik.errors[name];
  const shown = formik.submitCount > 0 || (when === 'touched' && Boolean(formik.touched[name]));
  return {
    name,
    value: typeof value === 'string' ? value : String(value ?? ''),
    onChange,
    onBlur,
    error: shown ? errorText(typeof code === 'string' ? code : undefined) : undefined,
  };
}
