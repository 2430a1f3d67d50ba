/**
 * The missions widget on the offerings (spec sections 2, 7, 9): the tasker's active missions in a
 * carousel that moves on every 30 s and loops (until the tasker touches it, and never with reduced
 * motion), each with its progress and an objective list at most 180 px tall; collapsible, the
 * choice kept in local storage (isActiveMissionWidgetCollapsed). Nothing shows without an active
 * mission. From the mirror; the worker pulls the missions as the offerings open.
 */
import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useRef, useState, type TouchEvent } from 'react';
import { AppLink } from '../shared/AppLink';
import type { Mission } from '#domain/missions';
import { Icon } from '#ui/Icon';
import { CarouselAutoplay } from './carousel';
import { MissionFacts, useMissionTitle } from './MissionFacts';
import { MissionObjectives } from './MissionObjectives';
import { MissionProgressRing } from './MissionProgressRing';
import { MissionTitle } from './MissionTitle';
import { useMissions } from './queries';
import { browserLocalStorage, readWidgetCollapsed, writeWidgetCollapsed } from './widgetPreferences';
import './missions.css';

function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/** The carousel's slide index, autoplaying while mounted (see carousel.ts). */
function useCarousel(count: number) {
  const [index, setIndex] = useState(0);
  const [carousel] = useState(() => new CarouselAutoplay(count, setIndex));
  useEffect(() => {
    carousel.setCount(count);
    if (!prefersReducedMotion()) carousel.start();
    return () => carousel.pause();
  }, [carousel, count]);
  return { index: Math.min(index, Math.max(0, count - 1)), carousel };
}

function Slide({ mission, itemNames }: { mission: Mission; itemNames: Record<string, string> }) {
  const title = useMissionTitle(mission);
  return (
    <div className="missions-widget__slide">
      <div className="mission-card__head">
        <MissionProgressRing completed={mission.completedPercentage} candidate={mission.candidatePercentage} />
        <div className="mission-card__heading">
          <MissionTitle title={title} as="p" />
          <MissionFacts mission={mission} />
        </div>
      </div>
      <MissionObjectives objectives={mission.objectives} itemNames={itemNames} className="missions-widget__objectives" />
    </div>
  );
}

function Carousel({ missions, itemNames }: { missions: Mission[]; itemNames: Record<string, string> }) {
  const { t } = useLingui();
  const { index, carousel } = useCarousel(missions.length);
  const touchX = useRef<number | null>(null);
  const current = missions[index];
  const position = index + 1;
  const total = missions.length;
  const onTouchStart = (e: TouchEvent) => {
    carousel.stop();
    touchX.current = e.touches[0]?.clientX ?? null;
  };
  const onTouchEnd = (e: TouchEvent) => {
    const start = touchX.current;
    const end = e.changedTouches[0]?.clientX;
    touchX.current = null;
    if (start === null || end === undefined || Math.abs(end - start) < 40) return;
    if (end < start) carousel.next();
    else carousel.previous();
  };
  if (!current) return null;
  return (
    <div
      className="missions-widget__carousel"
      role="group"
      aria-roledescription={t`carousel`}
      aria-label={t`Active missions`}
      onPointerDown={() => carousel.stop()}
      onFocus={() => carousel.stop()}
      onTouchStart={onTouchStart}
      onTouchEnd={onTouchEnd}
    >
      <div role="group" aria-roledescription={t`slide`} aria-label={t`${position} of ${total}`} aria-live={carousel.isPlaying ? 'off' : 'polite'}>
        <Slide key={current.id} mission={current} itemNames={itemNames} />
      </div>
      {total > 1 ? (
        <div className="missions-widget__controls">
          <button type="button" className="icon-btn" aria-label={t`Previous mission`} onClick={() => carousel.previous()}>
            <Icon name="back" />
          </button>
          <span className="missions-widget__dots" aria-hidden="true">
            {missions.map((m, i) => (
              <span key={m.id} className={i === index ? 'missions-widget__dot is-current' : 'missions-widget__dot'} />
            ))}
          </span>
          <button type="button" className="icon-btn" aria-label={t`Next mission`} onClick={() => carousel.next()}>
            <Icon name="chevron" />
          </button>
        </div>
      ) : null}
    </div>
  );
}

export function MissionsWidget() {
  const { t } = useLingui();
  const view = useMissions();
  const [collapsed, setCollapsed] = useState(() => readWidgetCollapsed(browserLocalStorage()));
  const active = view?.missions?.filter((m) => m.isActive) ?? [];
  if (active.length === 0) return null;
  const count = active.length;
  const toggle = () => {
    writeWidgetCollapsed(browserLocalStorage(), !collapsed);
    setCollapsed(!collapsed);
  };
  return (
    <section className="card missions-widget" aria-label={t`Missions`}>
      <div className="missions-widget__header">
        <h2 className="missions-widget__title">
          <Trans>Missions</Trans> <span className="chip">{count}</span>
        </h2>
        <AppLink to="/missions" className="btn btn-text missions-widget__all">
          <Trans>All missions</Trans>
        </AppLink>
        <button type="button" className="icon-btn missions-widget__toggle" aria-expanded={!collapsed} aria-label={collapsed ? t`Show missions` : t`Hide missions`} onClick={toggle}>
          <Icon name="chevron" className={collapsed ? 'missions-widget__chevron' : 'missions-widget__chevron is-open'} />
        </button>
      </div>
      {collapsed ? null : <Carousel missions={active} itemNames={view?.itemNames ?? {}} />}
    </section>
  );
}
