/**
 * /welcome (spec sections 1, 2, 9): the landing slides — what a tasker earns per month in the
 * market of the interface language, how it works, testimonials (autoplay every 3000 ms, paused
 * while touched, focused or with reduced motion), press, "more than 27,000 taskers" — then
 * register or log in (or go to the tasks when signed in). No install banner here.
 */
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isLocale } from '../i18n/locales';
import { Icon } from '#ui/Icon';
import { useSessionEmail } from '../auth';
import { earningsAmounts, nextSlide, TASKERS_CLAIM, TESTIMONIAL_AUTOPLAY_MS } from './welcome';
import { markWelcomeSeen } from './welcomeSeen';
import './welcome.css';

interface Testimonial {
  name: string;
  city: string;
  quote: MessageDescriptor;
}

const TESTIMONIALS: Testimonial[] = [
  { name: 'Agnė', city: 'Vilnius', quote: msg`I do two or three store checks after my lectures. The money arrives every week, like clockwork.` },
  { name: 'Marek', city: 'Kraków', quote: msg`I pick tasks on my way home. The map shows what is close, and the scanner is quick.` },
  { name: 'Tereza', city: 'Brno', quote: msg`Even without a signal in the basement store, my photos were saved and sent later.` },
  { name: 'Andrei', city: 'Cluj-Napoca', quote: msg`Clear instructions and support that answers. I choose when I work.` },
];

const PRESS: { outlet: string; quote: MessageDescriptor }[] = [
  { outlet: 'Retail Weekly', quote: msg`A flexible way to earn extra money in the stores you already visit.` },
  { outlet: 'Work & Money', quote: msg`Shelfwork pays taskers weekly for simple in-store tasks.` },
];

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches);
  useEffect(() => {
    if (typeof matchMedia !== 'function') return;
    const query = matchMedia('(prefers-reduced-motion: reduce)');
    const update = () => setReduced(query.matches);
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return reduced;
}

function Testimonials() {
  const { t, i18n } = useLingui();
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const reduced = useReducedMotion();
  useEffect(() => {
    if (paused || reduced) return;
    const timer = setInterval(() => setIndex((i) => nextSlide(i, TESTIMONIALS.length)), TESTIMONIAL_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [paused, reduced]);
  const current = TESTIMONIALS[index] ?? TESTIMONIALS[0]!;
  return (
    <div
      className="welcome-testimonials"
      aria-roledescription="carousel"
      aria-label={t`What taskers say`}
      onPointerEnter={() => setPaused(true)}
      onPointerLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <figure className="welcome-quote" aria-live={paused ? 'polite' : 'off'} data-testid="testimonial" data-index={index}>
        <blockquote>“{i18n._(current.quote)}”</blockquote>
        <figcaption>
          {current.name}, {current.city}
        </figcaption>
      </figure>
      <div className="welcome-dots">
        {TESTIMONIALS.map((item, i) => (
          <button
            key={item.name}
            type="button"
            className="welcome-dot"
            aria-label={t`Testimonial ${i + 1}`}
            aria-current={i === index}
            onClick={() => {
              setIndex(i);
              setPaused(true);
            }}
          />
        ))}
      </div>
    </div>
  );
}

export function WelcomeScreen() {
  const { i18n } = useLingui();
  const email = useSessionEmail();
  // Shown once: the next signed-out visit of / goes to login.
  useEffect(markWelcomeSeen, []);
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const { min, max } = earningsAmounts(locale);
  const taskers = new Intl.NumberFormat(locale).format(TASKERS_CLAIM);
  return (
    <div className="welcome">
      <section className="welcome-slide" aria-labelledby="welcome-earn">
        <h1 id="welcome-earn" className="green-title">
          {min === null ? <Trans>Earn up to {max} a month</Trans> : <Trans>Earn {min}–{max} a month</Trans>}
        </h1>
        <p className="green-lead">
          <Trans>Do paid tasks in stores near you, when it suits you. Paid every week.</Trans>
        </p>
      </section>

      <section className="welcome-slide" aria-labelledby="welcome-how">
        <h2 id="welcome-how">
          <Trans>How it works</Trans>
        </h2>
        <ol className="welcome-steps">
          <li>
            <Icon name="map" />
            <Trans>Find tasks on the map</Trans>
          </li>
          <li>
            <Icon name="bookmark" />
            <Trans>Reserve the ones you like</Trans>
          </li>
          <li>
            <Icon name="camera" />
            <Trans>Take photos and scan products in the store</Trans>
          </li>
          <li>
            <Icon name="gift" />
            <Trans>Get paid weekly</Trans>
          </li>
        </ol>
      </section>

      <section className="welcome-slide" aria-labelledby="welcome-voices">
        <h2 id="welcome-voices">
          <Trans>More than {taskers} taskers</Trans>
        </h2>
        <Testimonials />
      </section>

      <section className="welcome-slide" aria-labelledby="welcome-press">
        <h2 id="welcome-press">
          <Trans>In the press</Trans>
        </h2>
        <ul className="welcome-press">
          {PRESS.map((p) => (
            <li key={p.outlet}>
              <q>{i18n._(p.quote)}</q> <span className="muted">— {p.outlet}</span>
            </li>
          ))}
        </ul>
      </section>

      <div className="welcome-actions">
        {email ? (
          <Link to="/" className="btn btn-block">
            <Trans>Go to tasks</Trans>
          </Link>
        ) : (
          <>
            <Link to="/register" className="btn btn-block">
              <Trans>Start earning</Trans>
            </Link>
            <Link to="/login" className="btn btn-secondary btn-block">
              <Trans>I have an account</Trans>
            </Link>
          </>
        )}
      </div>
    </div>
  );
}
