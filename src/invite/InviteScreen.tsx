/**
 * /invite (spec sections 2 and 9; `?hideNavback` hides the back arrow, see MainLayout): the
 * tasker's referral code to share (Web Share API where the browser has it) or copy (3 s 'copied'
 * cooldown), the rules of the tasker's market (src/domain/referrals.ts: the friend's accepted tasks
 * must reach a total expected duration; the reward goes into the tasker's payout), the referral
 * landing (at most twice for LT, see referralLanding.ts) and what the market's taskers earned last
 * week (GET task/last-week-earn). From the mirror; the code is pulled once and kept.
 */
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState } from 'react';
import { referralRule } from '#domain/referrals';
import type { CountryCode } from '#domain/types';
import { Alert } from '#ui/Alert';
import { Icon } from '#ui/Icon';
import { Spinner } from '#ui/Spinner';
import { useUser } from '../auth';
import { browserLocalStorage } from '../missions';
import { formatHours, formatMoney, useLastWeekEarn } from '../money';
import { useReferralCode } from '../profile';
import { CopyCooldown } from './copyCooldown';
import { recordLandingView, shouldShowLanding } from './referralLanding';
import './invite.css';

/** Whether this visit shows the landing; a visit that shows it is counted once (StrictMode's second effect run included). */
function useLanding(country: CountryCode | null): boolean {
  const [show] = useState(() => shouldShowLanding(browserLocalStorage(), country));
  const counted = useRef(false);
  useEffect(() => {
    if (!show || counted.current) return;
    counted.current = true;
    recordLandingView(browserLocalStorage());
  }, [show]);
  return show;
}

function useCopy() {
  const [copied, setCopied] = useState(false);
  const [failed, setFailed] = useState(false);
  const [cooldown] = useState(() => new CopyCooldown(setCopied));
  useEffect(() => () => cooldown.dispose(), [cooldown]);
  const copy = async (text: string) => {
    const outcome = await cooldown.copy(async () => {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
    });
    if (outcome !== 'cooling') setFailed(outcome === 'failed');
    return outcome;
  };
  return { copied, failed, copy };
}

function regionName(country: string, locale: string): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(country) ?? country;
  } catch {
    return country;
  }
}

export function InviteScreen() {
  const user = useUser();
  // The landing is decided once the tasker's market is known.
  if (user === undefined) return <Spinner />;
  return <Invite country={user?.countryCode ?? null} />;
}

function Invite({ country }: { country: CountryCode | null }) {
  const { t, i18n } = useLingui();
  const code = useReferralCode();
  const lastWeek = useLastWeekEarn();
  const landing = useLanding(country);
  const { copied, failed, copy } = useCopy();
  const codeText = useRef<HTMLParagraphElement>(null);
  // A refused clipboard (or none): the code is selected, so it can be copied by hand.
  const copyCode = async (value: string) => {
    if ((await copy(value)) !== 'failed') return;
    const selection = window.getSelection();
    if (selection && codeText.current) selection.selectAllChildren(codeText.current);
  };
  const rule = referralRule(country, i18n.locale);
  const reward = rule ? formatMoney(rule.reward, i18n.locale) : null;
  const hours = rule ? formatHours(rule.thresholdMinutes, i18n.locale) : null;
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const share = async (value: string) => {
    try {
      await navigator.share({
        title: t`Shelfwork`,
        text: t`Earn money doing tasks in stores near you with Shelfwork. Sign up and enter my code ${value} in your profile.`,
        url: `${location.origin}/register`,
      });
    } catch {
      // Cancelled by the tasker, or refused: nothing to say.
    }
  };

  return (
    <div className="invite-screen page">
      {landing && reward ? (
        <section className="invite-landing" data-testid="referral-landing">
          <Icon name="gift" size={40} />
          <h2 className="invite-landing__title">
            <Trans>Invite a friend, get {reward}</Trans>
          </h2>
          <p className="invite-landing__text">
            <Trans>Your friend earns from their first task; you get a bonus in your payout once they have done {hours} of tasks.</Trans>
          </p>
        </section>
      ) : null}

      <section className="card invite-code" aria-labelledby="invite-code-label">
        <p className="invite-code__label" id="invite-code-label">
          <Trans>Your referral code</Trans>
        </p>
        {code ? (
          <>
            <p className="invite-code__value" data-testid="referral-code" ref={codeText}>
              {code}
            </p>
            <div className="invite-code__actions">
              <button type="button" className="btn btn-secondary" disabled={copied} onClick={() => void copyCode(code)} data-testid="copy-code">
                <Icon name={copied ? 'check' : 'document'} size={20} />
                {copied ? <Trans>Copied</Trans> : <Trans>Copy code</Trans>}
              </button>
              {canShare ? (
                <button type="button" className="btn" onClick={() => void share(code)}>
                  <Icon name="external" size={20} />
                  <Trans>Share</Trans>
                </button>
              ) : null}
            </div>
            <span className="visually-hidden" role="status">
              {copied ? <Trans>Code copied</Trans> : null}
            </span>
            {failed ? (
              <Alert tone="warning" role="alert">
                <Trans>Could not copy the code. It is selected: copy it by hand.</Trans>
              </Alert>
            ) : null}
          </>
        ) : code === null ? (
          <p className="muted">
            <Trans>Your code shows here once you are online.</Trans>
          </p>
        ) : null}
      </section>

      <InviteRules country={country} />

      {lastWeek && lastWeek.tasksCount > 0 ? (
        <p className="invite-last-week" data-testid="last-week-earn">
          <LastWeek amount={formatMoney(lastWeek.amount, i18n.locale)} count={lastWeek.tasksCount} region={regionName(lastWeek.countryCode, i18n.locale)} />
        </p>
      ) : null}
    </div>
  );
}

function LastWeek({ amount, count, region }: { amount: string; count: number; region: string }) {
  return (
    <Trans>
      Last week taskers in {region} earned {amount} for <Plural value={count} one="# task" other="# tasks" />.
    </Trans>
  );
}

/** The referral rules of the tasker's market (src/domain/referrals.ts). */
export function InviteRules({ country }: { country: CountryCode | null }) {
  const { i18n } = useLingui();
  const rule = referralRule(country, i18n.locale);
  const reward = rule ? formatMoney(rule.reward, i18n.locale) : null;
  const hours = rule ? formatHours(rule.thresholdMinutes, i18n.locale) : null;
  return (
    <section className="card invite-rules" aria-labelledby="invite-rules-title">
      <h2 className="section-title" id="invite-rules-title">
        <Trans>How it works</Trans>
      </h2>
      <ol className="invite-rules__list">
        <li>
          <Trans>Your friend signs up in Shelfwork and enters your code in their profile.</Trans>
        </li>
        <li>{hours ? <Trans>Your friend completes tasks with a total expected duration of {hours}.</Trans> : <Trans>Your friend completes their first tasks.</Trans>}</li>
        <li>{reward ? <Trans>You get {reward} in your payout for that week, once per friend.</Trans> : <Trans>You get a bonus in your payout, once per friend.</Trans>}</li>
      </ol>
    </section>
  );
}
