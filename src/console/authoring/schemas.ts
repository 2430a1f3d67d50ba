/**
 * The Yup schemas of the authoring forms (the project's Formik + Yup convention). Each is one test
 * over the whole form that calls the pure rules (taskForm.ts, checklistTemplate.ts, which call
 * the domain's validators), so the form, its tests and the server read the same rules; errors are
 * codes at the fields' paths, worded by the screens.
 */
import { setIn } from 'formik';
import * as yup from 'yup';
import { templateErrors, type TemplateForm } from './checklistTemplate';
import { validateTaskForm, type TaskFormValues } from './taskForm';

/**
 * Formik hands Yup its values with every '' turned into undefined (prepareDataForValidation); the
 * forms here hold strings only where a value may be blank, so blanks are put back before the rules
 * read them.
 */
export function restoreBlanks(value: unknown): unknown {
  if (value === undefined) return '';
  if (Array.isArray(value)) return value.map(restoreBlanks);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, restoreBlanks(v)]));
  return value;
}

function fromCodes(ctx: yup.TestContext, errors: Record<string, string | undefined>): true | yup.ValidationError {
  const list = Object.entries(errors)
    .filter((e): e is [string, string] => typeof e[1] === 'string')
    .map(([path, code]) => ctx.createError({ path, message: code }));
  return list.length === 0 ? true : new yup.ValidationError(list);
}

export const taskSchema = yup.object().test('task', (values, ctx) => fromCodes(ctx, validateTaskForm(restoreBlanks(values) as TaskFormValues)));

export const templateSchema = yup.object().test('template', (values, ctx) => fromCodes(ctx, templateErrors(restoreBlanks(values) as TemplateForm)));

/** A 400's per-field codes (flat paths such as `items.2.texts.lt.title`) in Formik's nested errors shape. */
export function nestFieldErrors(fields: Record<string, string> | undefined): Record<string, unknown> {
  let errors: Record<string, unknown> = {};
  for (const [path, code] of Object.entries(fields ?? {})) errors = setIn(errors, path, code) as Record<string, unknown>;
  return errors;
}

