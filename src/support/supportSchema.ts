/** The support form's Yup schema: one rule, the domain's (src/domain/support.ts); errors are codes. */
import * as yup from 'yup';
import { validateSupportMessage } from '#domain/support';

export const supportSchema = yup.object({
  body: yup
    .string()
    .default('')
    .test('support-message', (value, context) => {
      const code = validateSupportMessage(value ?? '');
      return code === null ? true : context.createError({ message: code });
    }),
});
