/** Which help pages a tasker is offered: the drawer's rule (spec sections 2 and 6); the FAQ is always readable. */
import { drawerItems, type DrawerFacts } from '../shared/drawerItems';
import type { HelpPage } from './helpContent';

export function isHelpPageOffered(page: HelpPage, facts: DrawerFacts): boolean {
  if (page === 'faq') return true;
  return drawerItems(facts).includes(page);
}
