import { validateYupSchema, yupToFormErrors } from 'formik';
import { describe, expect, it } from 'vitest';
import { emptyTemplateForm } from './checklistTemplate';
import { nestFieldErrors, taskSchema, templateSchema } from './schemas';
import { emptyTaskForm } from './taskForm';

async function formikErrors(schema: Parameters<typeof validateYupSchema>[1], values: object): Promise<unknown> {
  try {
    await validateYupSchema(values, schema);
    return {};
  } catch (e) {
    return yupToFormErrors(e);
  }
}

describe('the authoring schemas', () => {
  it("put the task rules' codes on Formik's fields", async () => {
    expect(await formikErrors(taskSchema, { ...emptyTaskForm(), placeId: 'p', taskTypeId: 't', country: 'LT', windowStart: '2026-07-01T09:00', windowEnd: '2026-07-01T08:00', reward: '5' })).toEqual({
      windowEnd: 'END_BEFORE_START',
    });
  });

  it("put the template rules' codes at nested paths", async () => {
    const form = emptyTemplateForm();
    form.texts.en.title = 'Type';
    expect(await formikErrors(templateSchema, form)).toEqual({ items: [{ texts: { en: { title: 'REQUIRED' } } }] });
  });

  it("nest the server's flat field paths for Formik", () => {
    expect(nestFieldErrors({ 'items.1.texts.lt.title': 'TOO_LONG', 'texts.en.title': 'REQUIRED' })).toEqual({
      items: [undefined, { texts: { lt: { title: 'TOO_LONG' } } }],
      texts: { en: { title: 'REQUIRED' } },
    });
  });
});
