/**
 * The profile wizard's rules, pure (spec sections 4 and 5): which steps a tasker goes through,
 * which fields each step shows, hides or locks for the market and account state, the values the
 * form starts from (the mirrored user under a saved draft), what a step saves, and the step the
 * wizard opens at. The screens (ProfileWizardScreen and its steps) only render these answers.
 */
import {
  LOCKED_AFTER_APPROVAL,
  profileSteps,
  validateProfile,
  type ProfileContext,
  type ProfileField,
  type ProfileInput,
  type ProfileStepId,
} from '#domain/profile';
import type { CountryCode, User } from '#domain/types';
import { profileFormValues, profileToSave, type ProfileFormValues } from '../profile';

/** The form's values: every profile field as the text in its input, the business type, and the country. */
export type WizardValues = ProfileFormValues & { countryCode: string };

export interface WizardStep {
  id: ProfileStepId;
  fields: ProfileField[];
}

export type FieldState = 'editable' | 'disabled' | 'hidden';

export interface WizardContext {
  country: CountryCode;
  /** Approved: name, IBAN and national ID locked; an empty middle name hidden. */
  approved: boolean;
  /** The middle name the server holds (an empty one is hidden after approval). */
  savedMiddleName: string | null;
  /** An identity document photo is on the server or waiting on this device to be sent. */
  identityDocumentUploaded: boolean;
}

/** The steps of the tasker's market; the referral step only while the account is new (spec section 4). */
export function wizardSteps(country: CountryCode, isNew: boolean): WizardStep[] {
  return profileSteps(country).filter((step) => isNew || step.id !== 'referral');
}

const COMPANY_FIELDS: readonly ProfileField[] = ['legalEntityName', 'legalEntityNumber', 'vatCode'];

/**
 * Whether a field shows, shows locked, or hides, given the market, the account and the other
 * values. The values may be the ones Formik validates, where an empty field is undefined.
 */
export function fieldState(field: ProfileField, values: { businessType?: string; legalEntityName?: string }, ctx: WizardContext): FieldState {
  if (field === 'iban' && ctx.country === 'PL') return 'hidden';
  if (COMPANY_FIELDS.includes(field) && values.businessType !== 'company') return 'hidden';
  // The postal code belongs to the company's address: only with a legal entity name.
  if (field === 'postalCode' && (values.businessType !== 'company' || (values.legalEntityName ?? '').trim() === '')) return 'hidden';
  if (ctx.approved) {
    if (field === 'middleName' && (ctx.savedMiddleName ?? '').trim() === '') return 'hidden';
    if (LOCKED_AFTER_APPROVAL.includes(field)) return 'disabled';
  }
  return 'editable';
}

/** The fields a step shows (editable or locked), in order. */
export function visibleFields(step: WizardStep, values: WizardValues, ctx: WizardContext): ProfileField[] {
  return step.fields.filter((field) => fieldState(field, values, ctx) !== 'hidden');
}

/** The fields a step sends: shown and not locked. */
export function editableFields(step: WizardStep, values: WizardValues, ctx: WizardContext): ProfileField[] {
  return step.fields.filter((field) => fieldState(field, values, ctx) === 'editable');
}

export function profileContext(ctx: WizardContext): ProfileContext {
  return { country: ctx.country, approved: ctx.approved, identityDocumentUploaded: ctx.identityDocumentUploaded };
}

/**
 * What the form starts from: the mirrored user (with its unsent changes laid over), then the draft
 * on top, except where the draft can no longer apply: the locked fields and the country of an
 * approved profile show what the server holds.
 */
export function initialWizardValues(user: User, draft?: Partial<WizardValues> | null): WizardValues {
  const fromUser: WizardValues = { ...profileFormValues(user), countryCode: user.countryCode ?? '' };
  if (!draft) return fromUser;
  const merged: WizardValues = { ...fromUser };
  for (const key of Object.keys(fromUser) as (keyof WizardValues)[]) {
    if (user.isApproved && (key === 'countryCode' || LOCKED_AFTER_APPROVAL.includes(key as ProfileField))) continue;
    const value = draft[key];
    if (typeof value === 'string') (merged as Record<string, string>)[key] = value;
  }
  if (merged.businessType !== 'company') merged.businessType = 'self_employed';
  return merged;
}

/** The form's values of some fields as the domain's input (text as typed). */
export function toProfileInput(values: WizardValues, fields: readonly ProfileField[]): ProfileInput {
  const input: Record<string, string> = {};
  for (const field of fields) input[field] = values[field];
  return input as ProfileInput;
}

/** What one step sends: its shown, unlocked fields, trimmed and in their stored forms. */
export function stepInput(step: WizardStep, values: WizardValues, ctx: WizardContext): ProfileInput {
  return profileToSave(values, editableFields(step, values, ctx), ctx);
}

/** The step that holds a field, or a reason naming something that lives on a step (the ID photo, the country). */
export function stepOfField(steps: readonly WizardStep[], field: string): ProfileStepId | null {
  if (field === 'identityDocument') return stepOfField(steps, 'nationalId');
  if (field === 'country' || field === 'countryCode') return steps.find((s) => s.id !== 'referral')?.id ?? null;
  return steps.find((step) => (step.fields as readonly string[]).includes(field))?.id ?? null;
}

/**
 * A step is complete when every field it shows passes the domain's rules, required ones filled,
 * and something in it was filled: a step of optional fields only (a self-employed tasker's
 * business step) is not done before the tasker has been through it.
 */
export function isStepComplete(step: WizardStep, values: WizardValues, ctx: WizardContext): boolean {
  if (step.id === 'referral') return false;
  const fields = visibleFields(step, values, ctx);
  if (!fields.some((field) => field !== 'businessType' && values[field].trim() !== '')) return false;
  const errors = validateProfile(toProfileInput({ ...values }, step.fields), profileContext(ctx), { fields, requireAll: true });
  return fields.every((field) => errors[field] === undefined);
}

export interface OpeningFacts {
  user: Pick<User, 'status' | 'rejectionReasons'>;
  values: WizardValues;
  ctx: WizardContext;
  /** Fields the server refused in the latest queued save (they come first: the tasker's own change bounced). */
  refusedFields?: readonly string[];
}

/**
 * Where the wizard opens (spec section 4): at a refused save's first field; for a reviewed account
 * (awaiting approval, rejected, approved) at the step of the first rejection reason's field, or the
 * last step; for a new one at the first incomplete step, where the referral step never counts as
 * complete and is skipped once any other step is complete.
 */
export function openingStep(steps: readonly WizardStep[], facts: OpeningFacts): ProfileStepId {
  const last = steps[steps.length - 1]?.id ?? 'contact';
  const firstMapped = (fields: readonly string[]) => {
    for (const field of fields) {
      const step = stepOfField(steps, field);
      if (step) return step;
    }
    return null;
  };
  const refused = firstMapped(facts.refusedFields ?? []);
  if (refused) return refused;
  const { status, rejectionReasons } = facts.user;
  if (status === 'awaiting_approval' || status === 'rejected' || status === 'active') {
    return firstMapped(rejectionReasons) ?? last;
  }
  const others = steps.filter((step) => step.id !== 'referral');
  const anyComplete = others.some((step) => isStepComplete(step, facts.values, facts.ctx));
  const candidates = anyComplete ? others : steps;
  return candidates.find((step) => !isStepComplete(step, facts.values, facts.ctx))?.id ?? last;
}

/** Field → the reason it is shown with an error from outside the form (a refused save, or staff's rejection). */
export function outsideFieldErrors(
  steps: readonly WizardStep[],
  refused: Readonly<Record<string, string>> | undefined,
  rejectionReasons: readonly string[],
): Partial<Record<ProfileField | 'identityDocument' | 'countryCode', { kind: 'refused'; code: string } | { kind: 'rejected' }>> {
  const errors: Partial<Record<string, { kind: 'refused'; code: string } | { kind: 'rejected' }>> = {};
  for (const reason of rejectionReasons) {
    const field = reason === 'country' ? 'countryCode' : reason;
    if (stepOfField(steps, reason)) errors[field] = { kind: 'rejected' };
  }
  for (const [field, code] of Object.entries(refused ?? {})) {
    errors[field === 'country' ? 'countryCode' : field] = { kind: 'refused', code };
  }
  return errors;
}
