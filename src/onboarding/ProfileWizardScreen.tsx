/**
 * /onboarding/profile-edit and /profile/edit (spec sections 2, 4 and 5): the profile wizard. LT
 * has five steps (referral, contact, personal, business, billing), the other markets three; the
 * referral step only while the account is new. One Formik form holds every step's values and
 * validates the shown step with the Yup schema built from the domain's validators
 * (src/profile/profileSchema.ts, the same rules POST /api/user runs).
 *
 * Offline first: every change is kept as a draft in the mirror (a form half-filled on a bus
 * survives a closed app), a save is queued in the outbox and the wizard moves on, and a save the
 * server refused brings its field errors back under the fields. `?hideCountry` hides the country.
 * Lazy-loaded: the phone, IBAN and ID libraries stay out of the first screen's bundle.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik, type FormikErrors } from 'formik';
import { useEffect, useMemo, useRef, useState, type MouseEvent } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import * as yup from 'yup';
import type { ProfileStepId } from '#domain/profile';
import { isCountryLocked } from '#domain/users';
import { COUNTRY_CODES, type CountryCode, type User } from '#domain/types';
import { Spinner } from '#ui/Spinner';
import { useUser } from '../auth';
import { clearDraft, saveDraft, useDraft, useProfileSaveState, useUserDocument, type DraftRow, saveProfile, type ProfileValues as SaveProfilePayload, profileSchema } from '../profile';
import { PendingUserScreen } from '../chrome/PendingUserScreen';
import { useScreenTitle } from '../shared/screenTitle';
import { useOnline } from '../shared/useOnline';
import { useSyncMeta } from '../sync/hooks';
import { FreshnessLine } from '../shared/FreshnessLine';
import {
  editableFields,
  initialWizardValues,
  openingStep,
  outsideFieldErrors,
  stepOfField,
  profileContext,
  stepInput,
  wizardSteps,
  type WizardContext,
  type WizardStep,
  type WizardValues,
} from './profileWizard';
import { ProfileSaveStatus } from './ProfileSaveStatus';
import { ProfileStepFields } from './ProfileStepFields';
import { ReferralStep } from './ReferralStep';
import { showSaveFeedback } from './saveFeedback';
import { useStepTitles } from './useStepTitles';
import './onboarding.css';
import './profileWizard.css';

/** The draft's key in the mirror: one wizard per account (drafts are cleared on logout). */
export const PROFILE_DRAFT_KEY = 'profile-wizard';

type WizardDraft = DraftRow<Partial<WizardValues>>;

const flag = (value: string | null) => value !== null && value !== 'false' && value !== '0';

export function ProfileWizardScreen() {
  const user = useUser();
  const online = useOnline();
  const draft = useDraft<Partial<WizardValues>>(PROFILE_DRAFT_KEY);
  const saveState = useProfileSaveState();
  const identityDocument = useUserDocument('identity_document');
  const [params] = useSearchParams();
  const { pathname } = useLocation();

  if (user === undefined || draft === undefined || saveState === undefined || identityDocument === undefined) return <Spinner />;
  if (user === null) return <PendingUserScreen offline={!online} inline />;
  return (
    <ProfileWizard
      key={user.id}
      user={user}
      draft={draft}
      refusedFields={saveState.rejected?.fields}
      // A photo on the phone counts (it is sent before the save); one the server refused does not.
      identityDocumentUploaded={Boolean(user.isIdentityDocumentUploaded) || (identityDocument !== null && !identityDocument.rejected)}
      hideCountry={flag(params.get('hideCountry'))}
      doneTo={pathname.startsWith('/profile') ? '/profile' : '/onboarding'}
    />
  );
}

interface ProfileWizardProps {
  user: User;
  draft: WizardDraft | null;
  refusedFields: Readonly<Record<string, string>> | undefined;
  identityDocumentUploaded: boolean;
  hideCountry: boolean;
  /** Where "save & complete" goes: the onboarding page (spec section 4), or the profile it was opened from. */
  doneTo: string;
}

function isCountry(value: string): value is CountryCode {
  return (COUNTRY_CODES as readonly string[]).includes(value);
}

const keepFocus = (event: MouseEvent) => event.preventDefault();

/** The country is asked on the first step with fields (contact). */
function firstFormStep(steps: readonly WizardStep[]): ProfileStepId | undefined {
  return steps.find((s) => s.id !== 'referral')?.id;
}

function ProfileWizard({ user, draft, refusedFields, identityDocumentUploaded, hideCountry, doneTo }: ProfileWizardProps) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const online = useOnline();
  const meta = useSyncMeta('user');
  const stepTitles = useStepTitles();
  useScreenTitle(user.isApproved ? t`Edit profile` : t`Profile and payment info`);

  const [initialValues] = useState(() => initialWizardValues(user, draft?.values));
  const contextOf = (values: Pick<WizardValues, 'countryCode'>): WizardContext => ({
    country: isCountry(values.countryCode) ? values.countryCode : (user.countryCode ?? 'LT'),
    approved: user.isApproved,
    savedMiddleName: user.middleName,
    identityDocumentUploaded,
  });

  const [stepId, setStepId] = useState<ProfileStepId>(() => {
    const ctx = contextOf(initialValues);
    const steps = wizardSteps(ctx.country, user.isNew);
    const fromDraft = steps.find((s) => s.id === draft?.step);
    if (fromDraft) return fromDraft.id;
    return openingStep(steps, { user, values: initialValues, ctx, refusedFields: Object.keys(refusedFields ?? {}) });
  });
  // Fields the tasker changed since the wizard opened: an outside error (a refused save, staff's
  // rejection reason) stops showing once its field was edited.
  const [edited, setEdited] = useState<ReadonlySet<string>>(() => new Set());
  // The step's shown, editable fields for the values being validated (a company's fields appear
  // with its business type): the schema is chosen per validation from those values.
  const validationSchema = yup.lazy((values: WizardValues) => {
    const ctx = contextOf(values);
    const current = wizardSteps(ctx.country, user.isNew).find((s) => s.id === stepId);
    return profileSchema(profileContext(ctx), current ? editableFields(current, values, ctx) : []);
  });

  const formik = useFormik<WizardValues>({
    initialValues,
    validationSchema,
    validateOnChange: false,
    onSubmit: async (values, helpers) => {
      const ctx = contextOf(values);
      const current = wizardSteps(ctx.country, user.isNew).find((s) => s.id === stepId);
      if (!current) return;
      const countryShown = !hideCountry && current.id === firstFormStep(wizardSteps(ctx.country, user.isNew));
      const countryChanged = countryShown && !isCountryLocked(user) && isCountry(values.countryCode) && values.countryCode !== user.countryCode;
      const all = wizardSteps(ctx.country, user.isNew);
      // 'Save and complete' sends the profile for review; a rejected profile goes back only then,
      // so fixing the first of reasons on several steps does not resubmit before the others.
      const submit = all[all.length - 1]?.id === current.id;
      const input: SaveProfilePayload = {
        ...stepInput(current, values, ctx),
        ...(countryChanged ? { countryCode: ctx.country } : {}),
        ...(submit ? { submit: true as const } : {}),
      };
      if (Object.keys(input).length > 0) {
        const result = await saveProfile(input);
        if (!result.ok) {
          const fields = result.error.fields;
          if (fields) helpers.setErrors(fields as FormikErrors<WizardValues>);
          showSaveFeedback(result, online);
          return;
        }
        showSaveFeedback(result, online);
      }
      await clearDraft(PROFILE_DRAFT_KEY);
      helpers.resetForm({ values });
      advance(values);
    },
  });

  const ctx = contextOf(formik.values);
  const steps = useMemo(() => wizardSteps(ctx.country, user.isNew), [ctx.country, user.isNew]);
  const index = Math.max(0, steps.findIndex((s) => s.id === stepId));
  const step = steps[index]!;
  const isLast = index === steps.length - 1;
  const stepNumber = index + 1;
  const stepCount = steps.length;
  const showCountry = !hideCountry && step.id === firstFormStep(steps);

  // Every change is kept in the mirror (not only on save): a closed app loses nothing typed.
  const { dirty, values } = formik;
  useEffect(() => {
    if (dirty) void saveDraft(PROFILE_DRAFT_KEY, values, stepId);
  }, [dirty, values, stepId]);

  // A new step is announced by moving the focus to its title (not when the wizard opens).
  const titleRef = useRef<HTMLHeadingElement>(null);
  const shownStep = useRef(stepId);
  useEffect(() => {
    if (shownStep.current === stepId) return;
    shownStep.current = stepId;
    titleRef.current?.focus();
  }, [stepId]);

  function goTo(next: ProfileStepId) {
    setStepId(next);
    window.scrollTo?.({ top: 0 });
  }

  function advance(values: WizardValues) {
    const list = wizardSteps(contextOf(values).country, user.isNew);
    const at = list.findIndex((s) => s.id === stepId);
    const next = list[at + 1];
    if (next) goTo(next.id);
    else navigate(doneTo);
  }

  const refusedStep = Object.keys(refusedFields ?? {})
    .map((field) => stepOfField(steps, field))
    .find((found) => found !== null);
  const outside = outsideFieldErrors(steps, refusedFields, user.status === 'rejected' ? user.rejectionReasons : []);
  const markEdited = (field: string) => {
    if (!edited.has(field)) setEdited(new Set([...edited, field]));
  };

  return (
    <div className="page wizard">
      <header className="wizard-header">
        <p className="wizard-progress-text">
          <Trans>
            Step {stepNumber} of {stepCount}
          </Trans>
        </p>
        <h2 className="wizard-title" ref={titleRef} tabIndex={-1}>
          {stepTitles[step.id]}
        </h2>
        <ol className="wizard-progress" aria-hidden="true">
          {steps.map((s, i) => (
            <li key={s.id} className={i < index ? 'is-done' : i === index ? 'is-current' : undefined} />
          ))}
        </ol>
        <FreshnessLine meta={meta} showingSavedData />
      </header>
      <ProfileSaveStatus onShowFields={refusedStep && refusedStep !== step.id ? () => goTo(refusedStep) : undefined} />
      {step.id === 'referral' ? (
        <ReferralStep onContinue={() => goTo(steps[index + 1]!.id)} isLast={isLast} />
      ) : (
        <form className="wizard-form" onSubmit={formik.handleSubmit} noValidate>
          <ProfileStepFields
            step={step}
            formik={formik}
            ctx={ctx}
            showCountry={showCountry}
            countryLocked={isCountryLocked(user)}
            outside={outside}
            edited={edited}
            onEdited={markEdited}
          />
          <div className="wizard-actions">
            {/* Pressing keeps the focus in the field: its blur would validate it, and an error line
                vanishing then moves the button away before the press ends (the tap gets lost). */}
            <button type="submit" className="btn" disabled={formik.isSubmitting} onMouseDown={keepFocus}>
              {formik.isSubmitting ? <span className="wizard-spinner wizard-spinner--light" aria-hidden="true" /> : null}
              {formik.isSubmitting ? <Trans>Saving…</Trans> : isLast ? <Trans>Save and complete</Trans> : <Trans>Save and continue</Trans>}
            </button>
            {index > 0 ? (
              <button type="button" className="btn btn-secondary" onClick={() => goTo(steps[index - 1]!.id)} disabled={formik.isSubmitting} onMouseDown={keepFocus}>
                <Trans>Back</Trans>
              </button>
            ) : null}
          </div>
        </form>
      )}
    </div>
  );
}

