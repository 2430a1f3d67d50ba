/**
 * Which drawer items a tasker sees (spec section 2, "Drawer items"). Pure, in the spec's order.
 */
import type { CountryCode } from '#domain/types';

export type DrawerItemId =
  | 'support'
  | 'knowledgeBase'
  | 'troubleshooting'
  | 'history'
  | 'settings'
  | 'faq'
  | 'invite'
  | 'trainings';

export interface DrawerFacts {
  /** null when the tasker's country is not known (not synced yet, or never set). */
  countryCode: CountryCode | null;
  isApproved: boolean;
  /** Running as an installed app (display-mode standalone). */
  installed: boolean;
}

export function drawerItems({ countryCode, isApproved, installed }: DrawerFacts): DrawerItemId[] {
  const visible: Record<DrawerItemId, boolean> = {
    support: countryCode !== null,
    knowledgeBase: countryCode !== 'RO',
    troubleshooting: countryCode !== 'RO' && isApproved,
    history: isApproved,
    settings: installed,
    faq: !isApproved,
    invite: isApproved,
    trainings: true,
  };
  const order: DrawerItemId[] = ['support', 'knowledgeBase', 'troubleshooting', 'history', 'settings', 'faq', 'invite', 'trainings'];
  return order.filter((id) => visible[id]);
}
