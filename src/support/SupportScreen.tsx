/**
 * /support (spec sections 2, 3, 5, 8): the market's phone and email (tap to call, tap to mail) and
 * the message box (at least 3, under 500 characters; Formik + Yup from the domain rule). Sending
 * queues the message in the sync worker, so written offline it leaves when the signal returns,
 * once. The text is kept as a draft on the device until it is queued. Toasts: 'sent' with the
 * tasker's email (8 s), failure (3 s). Messages still waiting, or refused, are listed.
 */
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useFormik } from 'formik';
import { useEffect, useRef } from 'react';
import { SUPPORT_MESSAGE_LIMIT, SUPPORT_MESSAGE_MIN, supportMessageLength } from '#domain/support';
import { formikField } from '#ui/formikField';
import { TextField } from '#ui/TextField';
import { showToast } from '#ui/toastStore';
import { useSessionEmail } from '../auth';
import { clearDraft, saveDraft, useDraft } from '../profile';
import { useOnline } from '../shared/useOnline';
import { submitSupportRequest } from './mutations';
import { useUnsentSupportRequests } from './queries';
import { SupportContacts } from './SupportContacts';
import { supportSchema } from './supportSchema';
import './support.css';

export const SUPPORT_DRAFT_KEY = 'support';
/** Spec section 8: the 'sent' toast stays 8 s, the failure 3 s. */
export const SUPPORT_SENT_TOAST_MS = 8000;
export const SUPPORT_FAILED_TOAST_MS = 3000;

interface SupportValues {
  body: string;
}

export function SupportScreen() {
  const { t } = useLingui();
  const email = useSessionEmail();
  const online = useOnline();
  const draft = useDraft<SupportValues>(SUPPORT_DRAFT_KEY);
  const unsent = useUnsentSupportRequests();
  const restored = useRef(false);

  const errorText = (code: string | undefined): string | undefined => {
    if (!code) return undefined;
    if (code === 'TOO_SHORT') return t`The message must be at least 3 characters long`;
    if (code === 'TOO_LONG') return t`The message must be shorter than 500 characters`;
    return t`Please write your message`;
  };

  const formik = useFormik<SupportValues>({
    initialValues: { body: '' },
    validationSchema: supportSchema,
    validateOnBlur: true,
    validateOnChange: true,
    onSubmit: async (values, helpers) => {
      const result = await submitSupportRequest(values.body);
      if (!result.ok) {
        if (result.error.fields?.body) helpers.setFieldError('body', result.error.fields.body);
        showToast({ kind: 'error', message: msg`Could not send the message. Please try again.`, durationMs: SUPPORT_FAILED_TOAST_MS });
        return;
      }
      await clearDraft(SUPPORT_DRAFT_KEY);
      helpers.resetForm({ values: { body: '' } });
      const to = email ?? '';
      showToast({
        kind: 'success',
        message: online ? t`Your message was sent. We will answer you at ${to}.` : t`Your message will be sent when you are back online. We will answer you at ${to}.`,
        durationMs: SUPPORT_SENT_TOAST_MS,
      });
    },
  });

  // The draft comes back once, when the screen opens.
  const { setValues } = formik;
  useEffect(() => {
    if (restored.current || draft === undefined) return;
    restored.current = true;
    if (draft?.values.body) void setValues({ body: draft.values.body }, false);
  }, [draft, setValues]);

  const field = formikField(formik, 'body', errorText);
  const length = supportMessageLength(formik.values.body);
  const waiting = unsent.filter((r) => r.state !== 'rejected');
  const refused = unsent.filter((r) => r.state === 'rejected');

  return (
    <div className="page support-screen">
      <section className="card" aria-labelledby="support-contacts-title">
        <h2 id="support-contacts-title">
          <Trans>Contact support</Trans>
        </h2>
        <SupportContacts />
        <p className="muted support-answer-time">
          <Trans>We usually answer within 1 business day.</Trans>
        </p>
      </section>

      <section className="card" aria-labelledby="support-form-title">
        <h2 id="support-form-title">
          <Trans>Write to us</Trans>
        </h2>
        <form className="support-form" noValidate onSubmit={formik.handleSubmit}>
          <TextField
            multiline
            label={t`Your message`}
            rows={6}
            {...field}
            onChange={(event) => {
              field.onChange(event);
              void saveDraft<SupportValues>(SUPPORT_DRAFT_KEY, { body: event.target.value });
            }}
            live
            hint={t`${length} of ${SUPPORT_MESSAGE_LIMIT - 1} characters (at least ${SUPPORT_MESSAGE_MIN})`}
          />
          <button type="submit" className="btn btn-block" disabled={formik.isSubmitting}>
            <Trans>Send</Trans>
          </button>
          {!online ? (
            <p className="muted">
              <Trans>You are offline. Your message will be sent when the connection is back.</Trans>
            </p>
          ) : null}
        </form>
      </section>

      {waiting.length > 0 || refused.length > 0 ? (
        <section className="card" aria-labelledby="support-unsent-title">
          <h2 id="support-unsent-title">
            <Trans>Not sent yet</Trans>
          </h2>
          <ul className="support-unsent">
            {waiting.map((r) => (
              <li key={r.id} data-testid="support-waiting">
                <span className="chip">
                  {/* Online, a message still here waits for its turn (the server limits how many are sent in a while; it is sent again later). */}
                  {online ? <Trans>Waiting to be sent</Trans> : <Trans>Waiting for connection</Trans>}
                </span>{' '}
                {(r.payload as { body?: string }).body}
              </li>
            ))}
            {refused.map((r) => (
              <li key={r.id} className="alert alert-error">
                {(r.payload as { body?: string }).body} — {r.error?.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
