/**
 * The wizard's referral step (LT, new accounts): the code of the friend who invited the tasker
 * (POST user/referred-by-code). Trimmed; an empty code is not sent (skip); a code the server
 * refuses shows the server's own message under the field (spec section 5).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useEffect, useRef, useState } from 'react';
import * as yup from 'yup';
import { TextField } from '#ui/TextField';
import { formikField } from '#ui/formikField';
import { useOnline } from '../shared/useOnline';
import { dismissRejected } from '../execution';
import { saveReferredByCode, useReferredByCode, useReferredByCodeState } from '../profile';
import { showSaveFeedback } from './saveFeedback';
import { useProfileErrorText } from './useProfileErrorText';

export interface ReferralStepProps {
  onContinue: () => void;
  isLast: boolean;
}

const referralSchema = yup.object({ code: yup.string().trim().max(64, 'TOO_LONG') });

export function ReferralStep({ onContinue, isLast }: ReferralStepProps) {
  const current = useReferredByCode();
  if (current === undefined) return null;
  return <ReferralForm current={current} onContinue={onContinue} isLast={isLast} />;
}

/** How long the step waits online for the server to take or refuse the code before moving on. */
const ANSWER_WAIT_MS = 8000;

interface Sent {
  code: string;
  /** The refusal already shown when it was sent (a new one is this code's). */
  refusalBefore: string | null;
}

function ReferralForm({ current, onContinue, isLast }: ReferralStepProps & { current: string | null }) {
  const { t } = useLingui();
  const online = useOnline();
  const errorText = useProfileErrorText();
  const sendState = useReferredByCodeState();
  // Online, the step waits for the server's answer to the code it sent, so a refused code shows
  // the server's message under the field at once; offline the code is queued and the step moves on.
  const [sent, setSent] = useState<Sent | null>(null);
  // A refusal shows until the tasker types again.
  const [typedSinceSend, setTypedSinceSend] = useState(false);
  // The parent's callback changes every render; the answer effect calls the latest one.
  const continueRef = useRef(onContinue);
  useEffect(() => {
    continueRef.current = onContinue;
  });

  const formik = useFormik({
    initialValues: { code: current ?? '' },
    validationSchema: referralSchema,
    validateOnChange: false,
    onSubmit: async (values) => {
      const code = values.code.trim();
      if (code === '' || code === current) {
        onContinue();
        return;
      }
      setTypedSinceSend(false);
      const refusalBefore = sendState?.rejected?.recordId ?? null;
      const result = await saveReferredByCode(code);
      if (!result.ok) {
        const fieldCode = result.error.fields?.code;
        if (fieldCode) formik.setFieldError('code', fieldCode);
        else showSaveFeedback(result, online);
        return;
      }
      if (online) {
        setSent({ code, refusalBefore });
      } else {
        showSaveFeedback(result, online);
        onContinue();
      }
    },
  });

  const refusedNow = sent !== null && sendState?.rejected !== undefined && sendState.rejected.recordId !== sent.refusalBefore;
  const takenNow = sent !== null && sendState !== undefined && !sendState.waiting && !sendState.rejected && current === sent.code;
  const awaiting = sent !== null && !refusedNow && !takenNow;
  useEffect(() => {
    if (takenNow) {
      showSaveFeedback({ ok: true, value: undefined }, true);
      continueRef.current();
      return;
    }
    if (!awaiting) return;
    // No answer in time (a slow network): the code stays queued and the tasker goes on.
    const timer = setTimeout(() => continueRef.current(), ANSWER_WAIT_MS);
    return () => clearTimeout(timer);
  }, [awaiting, takenNow]);

  const binding = formikField(formik, 'code', (code) => errorText('referredByCode', code), 'submitted');
  // A refused code (just now, or sent offline earlier): the server's message under the field
  // until the tasker types again.
  const refused = sendState?.rejected;
  const refusedText = refused && !awaiting && !typedSinceSend ? refused.message.trim() || errorText('referredByCode', refused.fields.code ?? 'NOT_FOUND') : undefined;
  const busy = formik.isSubmitting || awaiting;

  // Skipping gives the refused code up: its record leaves the outbox, so no 'not saved' remains.
  const skip = async () => {
    if (refused) await dismissRejected(refused.recordId);
    onContinue();
  };

  return (
    <form className="wizard-form" onSubmit={formik.handleSubmit} noValidate>
      <p>
        <Trans>Did a friend invite you to Shelfwork? Enter their referral code so they get their reward. You can skip this.</Trans>
      </p>
      <TextField
        id="profile-referral-code"
        label={
          <>
            {t`Referral code`} <span className="field-optional">{t`(optional)`}</span>
          </>
        }
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        errorRole="alert"
        {...binding}
        onChange={(event) => {
          setTypedSinceSend(true);
          binding.onChange(event);
        }}
        error={binding.error ?? refusedText}
      />
      <div className="wizard-actions">
        <button type="submit" className="btn" disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          {busy ? <span className="wizard-spinner wizard-spinner--light" aria-hidden="true" /> : null}
          {busy ? <Trans>Saving…</Trans> : isLast ? <Trans>Save and complete</Trans> : <Trans>Save and continue</Trans>}
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void skip()} disabled={busy} onMouseDown={(event) => event.preventDefault()}>
          <Trans>Skip</Trans>
        </button>
      </div>
    </form>
  );
}
