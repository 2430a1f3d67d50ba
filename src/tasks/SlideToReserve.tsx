/**
 * Slide-to-reserve (spec sections 4 and 9): a 60 px grabber dragged along a track. Released
 * short of the end it springs back; at 100 % it plays a 500 ms success animation and only then
 * calls `onComplete`. It is an ARIA slider, so arrow/Page/Home/End keys move it too (four arrow
 * presses reach the end), which keeps a stray key or tap from reserving. The parent remounts
 * it (new `key`) to reset after a refusal.
 */
import { useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { isSliderComplete, SLIDER_GRABBER_PX, SLIDER_SUCCESS_MS, sliderKeyProgress, sliderProgress, sliderRelease, sliderTravel } from './reserveSlider';
import { Icon } from '#ui/Icon';
import './SlideToReserve.css';

export interface SlideToReserveProps {
  label: string;
  disabled?: boolean;
  onComplete: () => void;
}

type Phase = 'idle' | 'dragging' | 'success';

export function SlideToReserve({ label, disabled = false, onComplete }: SlideToReserveProps) {
  const { t } = useLingui();
  const trackRef = useRef<HTMLDivElement>(null);
  const drag = useRef<{ pointerId: number; startX: number; startProgress: number } | null>(null);
  const [progress, setProgress] = useState(0);
  const [phase, setPhase] = useState<Phase>('idle');
  const [trackWidth, setTrackWidth] = useState(0);
  const completeRef = useRef(onComplete);
  useEffect(() => {
    completeRef.current = onComplete;
  }, [onComplete]);

  useEffect(() => {
    const track = trackRef.current;
    if (!track) return;
    const measure = () => setTrackWidth(track.getBoundingClientRect().width);
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(track);
    return () => observer.disconnect();
  }, []);

  // The success animation runs for 500 ms before the reservation is sent (spec section 4).
  useEffect(() => {
    if (phase !== 'success') return;
    const timer = window.setTimeout(() => completeRef.current(), SLIDER_SUCCESS_MS);
    return () => window.clearTimeout(timer);
  }, [phase]);

  const settle = (p: number) => {
    if (sliderRelease(p) === 'complete') {
      setProgress(1);
      setPhase('success');
    } else {
      setProgress(0);
      setPhase('idle');
    }
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (disabled || phase === 'success') return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, startX: event.clientX, startProgress: progress };
    setPhase('dragging');
  };

  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    const travel = sliderTravel(trackWidth);
    setProgress(sliderProgress(d.startProgress * travel + (event.clientX - d.startX), trackWidth));
  };

  const onPointerEnd = (event: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d || d.pointerId !== event.pointerId) return;
    drag.current = null;
    const travel = sliderTravel(trackWidth);
    settle(event.type === 'pointercancel' ? 0 : sliderProgress(d.startProgress * travel + (event.clientX - d.startX), trackWidth));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled || phase === 'success') return;
    const next = sliderKeyProgress(event.key, progress);
    if (next === null) return;
    event.preventDefault();
    if (isSliderComplete(next)) settle(next);
    else setProgress(next);
  };

  const offset = progress * sliderTravel(trackWidth);
  const percent = Math.round(progress * 100);
  return (
    <div
      ref={trackRef}
      className={`slide-reserve slide-reserve--${phase}${disabled ? ' slide-reserve--disabled' : ''}`}
      style={{ ['--slide-fill' as string]: `${offset + SLIDER_GRABBER_PX}px` }}
    >
      <div className="slide-reserve__fill" aria-hidden="true" />
      <span className="slide-reserve__label" aria-hidden="true">
        {phase === 'success' ? t`Reserving…` : label}
      </span>
      <div
        className="slide-reserve__grabber"
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={phase === 'success' ? t`Reserving…` : t`${percent} percent, slide to the end to reserve`}
        aria-disabled={disabled || undefined}
        style={{ transform: `translateX(${offset}px)`, width: SLIDER_GRABBER_PX }}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
        onKeyDown={onKeyDown}
      >
        <Icon name={phase === 'success' ? 'check' : 'chevrons'} size={26} />
      </div>
    </div>
  );
}
