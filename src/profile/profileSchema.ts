/**
 * Yup schemas of the profile wizard (spec section 5). Every rule is a call into
 * src/domain/profile.ts, the validators POST /api/user runs too; errors are field codes, turned
 * into words only where they are shown (fieldErrorMessage, with the tasker's market for the
 * national ID's length). Import from lazy screens only: the validators bring the phone, IBAN
 * and national ID libraries.
 */
import * as yup from 'yup';
import {
  DEFAULT_BUSINESS_TYPE,
  normalizeProfile,
  PROFILE_FIELDS,
  profileSteps,
  validateProfileField,
  type ProfileContext,
  type ProfileField,
  type ProfileInput,
  type ProfileStepId,
} from '#domain/profile';
import type { BusinessType } from '#domain/types';

/** What a form holds: a string per field ('' when empty), the business type as one of its two values. */
export type ProfileFormValues = { [K in ProfileField]: K extends 'businessType' ? BusinessType : string };

/** Form values from a profile (a User or a draft): nulls become ''. */
export function profileFormValues(profile: Partial<Record<ProfileField, unknown>> | null | undefined): ProfileFormValues {
  const values = {} as Record<ProfileField, string>;
  for (const field of PROFILE_FIELDS) {
    const value = profile?.[field];
    values[field] = typeof value === 'string' ? value : '';
  }
  values.businessType = values.businessType === 'company' ? 'company' : DEFAULT_BUSINESS_TYPE;
  // The postal code is stored as 'LT-' + digits; the form asks for the digits.
  values.postalCode = values.postalCode.replace(/^LT-/i, '');
  return values as ProfileFormValues;
}

/** The values to send for some fields (a step's): trimmed, '' → null, the stored forms. */
export function profileToSave(values: Partial<ProfileFormValues>, fields: readonly ProfileField[], ctx: Pick<ProfileContext, 'country'>): ProfileInput {
  const picked: Record<string, unknown> = {};
  for (const field of fields) if (values[field] !== undefined) picked[field] = values[field];
  return normalizeProfile(picked as ProfileInput, ctx.country);
}

function fieldSchema(field: ProfileField, ctx: ProfileContext) {
  return yup
    .mixed()
    .test(field, (value, context) => {
      const code = validateProfileField(field, value, (context.parent ?? {}) as ProfileInput, ctx);
      return code === null ? true : context.createError({ message: code });
    });
}

/**
 * A schema for the given fields (default: all). Errors are field codes (REQUIRED, PHONE_INVALID,
 * NATIONAL_ID_LENGTH, ID_DOCUMENT_REQUIRED, …). With `ctx.approved`, the locked fields are not
 * checked (show them disabled).
 */
export function profileSchema(ctx: ProfileContext, fields: readonly ProfileField[] = PROFILE_FIELDS) {
  const shape: Partial<Record<ProfileField, ReturnType<typeof fieldSchema>>> = {};
  for (const field of fields) shape[field] = fieldSchema(field, ctx);
  return yup.object(shape as Record<ProfileField, ReturnType<typeof fieldSchema>>);
}

/** The schema of one wizard step of the tasker's market (the referral step has no profile fields). */
export function profileStepSchema(step: ProfileStepId, ctx: ProfileContext) {
  const fields = profileSteps(ctx.country).find((s) => s.id === step)?.fields ?? [];
  return profileSchema(ctx, fields);
}

/** Errors of some values as `{ field: code }` (for a step's Formik `validate`, or a test). */
export function profileErrors(values: Partial<ProfileFormValues>, ctx: ProfileContext, fields: readonly ProfileField[] = PROFILE_FIELDS): Partial<Record<ProfileField, string>> {
  try {
    profileSchema(ctx, fields).validateSync(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof yup.ValidationError)) throw error;
    const errors: Partial<Record<ProfileField, string>> = {};
    for (const inner of error.inner) if (inner.path) errors[inner.path as ProfileField] ??= inner.message;
    return errors;
  }
}
