/** Translated screen titles for the top bar and the drawer (re-evaluated on a language switch). */
import { useLingui } from '@lingui/react/macro';
import type { RouteTitleKey } from './routeHandle';

export function useRouteTitles(): Record<RouteTitleKey, string> {
  const { t } = useLingui();
  return {
    in_progress: t`In progress`,
    reserved: t`Reserved`,
    reservable: t`Offerings`,
    task: t`Task`,
    settings: t`Settings`,
    onboarding: t`Onboarding`,
    profile: t`Profile`,
    support: t`Contact support`,
    history: t`Task history`,
    trainings: t`Trainings`,
    invite: t`Invite friends`,
    missions: t`Missions`,
    nextPayout: t`Next payout`,
    faq: t`FAQ`,
    knowledgeBase: t`Knowledge base`,
    troubleshooting: t`Troubleshooting`,
    map: t`Map`,
    opportunitiesMap: t`Weekly opportunities`,
  };
}
