/**
 * A mission's circular progress (spec section 2): the accepted share as a full arc, the share that
 * awaits confirmation as a lighter arc after it, the percentage in the middle.
 */
import { useLingui } from '@lingui/react/macro';

const R = 20;
const CIRCUMFERENCE = 2 * Math.PI * R;

export function MissionProgressRing({ completed, candidate, size = 56 }: { completed: number; candidate: number; size?: number }) {
  const { t } = useLingui();
  const done = Math.max(0, Math.min(100, completed));
  const pending = Math.max(done, Math.min(100, candidate));
  const arc = (percent: number) => `${(CIRCUMFERENCE * percent) / 100} ${CIRCUMFERENCE}`;
  const label = pending > done ? t`${done}% done, ${pending}% with work awaiting confirmation` : t`${done}% done`;
  return (
    <svg className="mission-ring" width={size} height={size} viewBox="0 0 48 48" role="img" aria-label={label}>
      <circle className="mission-ring__track" cx="24" cy="24" r={R} />
      {pending > done ? <circle className="mission-ring__candidate" cx="24" cy="24" r={R} strokeDasharray={arc(pending)} /> : null}
      {done > 0 ? <circle className="mission-ring__done" cx="24" cy="24" r={R} strokeDasharray={arc(done)} /> : null}
      <text className="mission-ring__text" x="24" y="24" textAnchor="middle" dominantBaseline="central">
        {done}%
      </text>
    </svg>
  );
}
