/**
 * The reviewer's decision: accept; reject with a reason; or accept with a reduced reward (the
 * API's reject with `reducedReward`, a reason required too). The reason and the amount are kept
 * as drafts in this browser until the decision is sent, so a reload or a lost connection loses
 * nothing typed. The screen's keyboard shortcuts reach it through `command` (A accepts, R opens
 * the reason).
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useImperativeHandle, useRef, useState, type Ref } from 'react';
import { formatMoney } from '#domain/money';
import { StaffApiError, staffCall } from '../api';
import { useDraft } from '../drafts';
import { REASON_MAX, checkDecision, decisionRequest, hasErrors, type DecisionErrors, type DecisionKind } from './decision';

/** What the screen's keyboard shortcuts do to the panel. */
export interface DecisionPanelHandle {
  /** A: accept now. */
  accept(): void;
  /** R: choose reject (unless the reduced reward is chosen) and put the cursor in the reason. */
  reject(): void;
}

export function DecisionPanel({ taskId, reward, currencyCode, onDecided, onStale, ref }: {
  taskId: string;
  reward: string;
  currencyCode: string;
  onDecided: (kind: DecisionKind) => void;
  /** The task was decided meanwhile (by someone else): the screen loads it again to show the outcome. */
  onStale?: () => void;
  ref?: Ref<DecisionPanelHandle>;
}) {
  const { t, i18n } = useLingui();
  const ids = useId();
  const reasonRef = useRef<HTMLTextAreaElement>(null);
  const [kind, setKind] = useState<DecisionKind>('accept');
  const [reason, setReason, clearReason] = useDraft<string>(`review:${taskId}:reason`, '');
  const [amount, setAmount, clearAmount] = useDraft<string>(`review:${taskId}:amount`, '');
  const [errors, setErrors] = useState<DecisionErrors>({});
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const rewardText = formatMoney({ amount: reward, currencyCode }, i18n.locale);

  const submit = async (chosen: DecisionKind) => {
    if (busy) return;
    const input = { kind: chosen, reason, amount };
    const found = checkDecision(input, reward);
    setErrors(found);
    setFailure(null);
    if (hasErrors(found)) {
      reasonRef.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const { def, body } = decisionRequest(input);
      await staffCall(def, { params: { id: taskId }, body });
      clearReason();
      clearAmount();
      onDecided(chosen);
    } catch (e) {
      if (e instanceof StaffApiError && e.code === 'TASK_NOT_AWAITING_CONFIRMATION') onStale?.();
      const fields: Record<string, string> = (e instanceof StaffApiError ? e.fields : undefined) ?? {};
      const fromServer: DecisionErrors = {};
      if (fields.resultComment === 'REQUIRED' || fields.resultComment === 'TOO_LONG') fromServer.reason = fields.resultComment;
      if (fields.reducedReward === 'TOO_HIGH' || fields.reducedReward === 'REQUIRED') fromServer.amount = fields.reducedReward;
      else if (fields.reducedReward) fromServer.amount = 'INVALID';
      setErrors(fromServer);
      setFailure(e);
    } finally {
      setBusy(false);
    }
  };

  useImperativeHandle(ref, () => ({
    accept() {
      // The A key accepts at the full reward only when Accept is the chosen decision and nothing
      // was typed for another one: a reviewer who chose to reject or reduce, or typed a reason or
      // an amount, is not overruled by a stray key press.
      if (kind !== 'accept' || amount.trim() !== '') return;
      void submit('accept');
    },
    reject() {
      setKind((k) => (k === 'reduced' ? k : 'reject'));
      reasonRef.current?.focus();
    },
  }));

  const reasonError =
    errors.reason === 'REQUIRED' ? t`Write the reason: the tasker sees it.` : errors.reason === 'TOO_LONG' ? t`The reason is too long (at most ${REASON_MAX} characters).` : null;
  const amountError =
    errors.amount === 'REQUIRED'
      ? t`Enter the reward to pay.`
      : errors.amount === 'TOO_HIGH'
        ? t`The reduced reward cannot be more than the reward (${rewardText}).`
        : errors.amount === 'INVALID'
          ? t`Enter an amount such as 12.50 (at most two decimals).`
          : null;

  return (
    <section className="review-decision card" aria-labelledby={`${ids}-h`}>
      <h2 id={`${ids}-h`}>
        <Trans>Decision</Trans>
      </h2>
      <div className="review-decision__kinds" role="radiogroup" aria-label={t`Decision`}>
        <label className={kind === 'accept' ? 'is-active' : undefined}>
          <input type="radio" name={`${ids}-kind`} checked={kind === 'accept'} onChange={() => setKind('accept')} />
          <Trans>Accept</Trans>
        </label>
        <label className={kind === 'reject' ? 'is-active' : undefined}>
          <input type="radio" name={`${ids}-kind`} checked={kind === 'reject'} onChange={() => setKind('reject')} />
          <Trans>Reject</Trans>
        </label>
        <label className={kind === 'reduced' ? 'is-active' : undefined}>
          <input type="radio" name={`${ids}-kind`} checked={kind === 'reduced'} onChange={() => setKind('reduced')} />
          <Trans>Accept with a reduced reward</Trans>
        </label>
      </div>

      {kind === 'reduced' && (
        <div className="field">
          <label htmlFor={`${ids}-amount`}>
            <Trans>Reward to pay (at most {rewardText})</Trans>
          </label>
          <input
            id={`${ids}-amount`}
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
            aria-invalid={amountError ? true : undefined}
            aria-describedby={amountError ? `${ids}-amount-error` : undefined}
          />
          {amountError && (
            <span className="field-error" id={`${ids}-amount-error`}>
              {amountError}
            </span>
          )}
          <span className="field-hint">
            <Trans>The task is marked rejected and this amount is paid instead of the reward, as the tasker's terms say.</Trans>
          </span>
        </div>
      )}

      <div className="field">
        <label htmlFor={`${ids}-reason`}>{kind === 'accept' ? <Trans>Comment for the tasker (optional)</Trans> : <Trans>Reason (the tasker sees it)</Trans>}</label>
        <textarea
          id={`${ids}-reason`}
          ref={reasonRef}
          rows={4}
          maxLength={REASON_MAX + 100}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${ids}-reason-error` : undefined}
        />
        {reasonError && (
          <span className="field-error" id={`${ids}-reason-error`}>
            {reasonError}
          </span>
        )}
      </div>

      {failure !== null && !hasErrors(errors) && (
        <p className="alert alert-error" role="alert">
          {failure instanceof StaffApiError && failure.code === 'NETWORK' ? (
            <Trans>Not sent: the server cannot be reached. What you typed is kept; try again.</Trans>
          ) : failure instanceof StaffApiError ? (
            failure.message
          ) : (
            <Trans>Something went wrong; try again.</Trans>
          )}
        </p>
      )}

      <button type="button" className={kind === 'accept' ? 'btn btn-block' : 'btn btn-danger btn-block'} onClick={() => void submit(kind)} disabled={busy}>
        {busy ? (
          <Trans>Sending…</Trans>
        ) : kind === 'accept' ? (
          <Trans>Accept</Trans>
        ) : kind === 'reject' ? (
          <Trans>Reject</Trans>
        ) : (
          <Trans>Accept with the reduced reward</Trans>
        )}
      </button>
      <p className="review-keys muted">
        <Trans>
          Keys: <kbd>A</kbd> accept · <kbd>R</kbd> reason · <kbd>J</kbd>/<kbd>N</kbd> next · <kbd>K</kbd> previous
        </Trans>
      </p>
    </section>
  );
}
