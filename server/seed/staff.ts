/**
 * The demo's staff accounts, so the console at /staff can be tried at once after `npm start`
 * (sign in with the e-mail and the code from the dev mailbox). A real installation creates its
 * first admin with `npm run staff -- accounts add <email> --role admin`.
 */
import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database';
import type { StaffRole } from '#domain/staff';

export interface DemoStaff {
  email: string;
  name: string;
  roles: StaffRole[];
  markets: string[];
  description: string;
}

export const DEMO_STAFF: DemoStaff[] = [
  { email: 'ops@staff.demo.shelfwork.app', name: 'Rūta Operations', roles: ['admin', 'author', 'reviewer', 'onboarding', 'finance', 'support'], markets: [], description: 'every role, every market' },
  { email: 'reviewer.lt@staff.demo.shelfwork.app', name: 'Tomas Reviewer', roles: ['reviewer'], markets: ['LT'], description: 'reviews tasks in Lithuania only' },
  { email: 'finance@staff.demo.shelfwork.app', name: 'Agnieszka Finance', roles: ['finance'], markets: [], description: 'payouts and adjustments' },
];

export async function seedStaff(db: Db, now: Date): Promise<void> {
  await db
    .insertInto('staff_accounts')
    .values(
      DEMO_STAFF.map((s) => ({
        id: randomUUID(),
        email: s.email,
        name: s.name,
        roles: JSON.stringify(s.roles),
        markets: JSON.stringify(s.markets),
        active: true,
        created_at: now,
        updated_at: now,
      })),
    )
    .execute();
}
