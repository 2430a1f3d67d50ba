/**
 * Money and motivation: the payout info, past payouts, missions and last week's earnings in kv
 * `money:*` (./pulls.ts). Finances every 60 s only while a payout screen shows; missions
 * pulled as their screen opens (they have no periodic refresh).
 */
import type { CountryCode } from '#domain/types';
import { defineFeature } from '../../feature';
import { missionsDueOnOpen, pullMissions, pullMoneyDue, pullMoneyOnOpen } from './pulls';

export interface MoneySignals {
  /** A payout screen is open (finances every 60 s, past payouts). */
  money?: boolean;
  /** The offerings or missions screen is open (missions pulled as it opens; they have no periodic refresh). */
  missions?: boolean;
}

export const money = defineFeature({
  name: 'money',
  setup: (ctx) => {
    /** A payout screen is open (profile, next payout): finances every 60 s (./pulls.ts). */
    let moneyWatched = false;
    /** The offerings or missions screen is open: missions pulled when it opens (they have no refresh). */
    let missionsWatched = false;
    const pull = (what: string, run: () => Promise<unknown>) => ctx.guard(what, run);

    return {
      /** Money and missions screens opening: what they show is pulled now if due (./pulls.ts). */
      watch: (signals: MoneySignals) => {
        const moneyOpened = signals.money === true && !moneyWatched;
        const missionsOpened = signals.missions === true && !missionsWatched;
        if (signals.money !== undefined) moneyWatched = signals.money;
        if (signals.missions !== undefined) missionsWatched = signals.missions;
        if (!moneyOpened && !missionsOpened) return;
        ctx.chain(() =>
          ctx.guard('money pulls', async () => {
            await ctx.ready;
            if (!(await ctx.session.tokens())) return;
            const jobs: Promise<unknown>[] = [];
            if (moneyOpened) jobs.push(pullMoneyOnOpen(ctx.pullCtx, pull));
            if (missionsOpened && (await missionsDueOnOpen(ctx.db, ctx.now()))) jobs.push(pull('missions pull', () => pullMissions(ctx.pullCtx)));
            await Promise.all(jobs);
          }),
        );
      },
      forget: () => {
        moneyWatched = false;
        missionsWatched = false;
      },
      pulls: [
        {
          stage: 'account',
          run: async (sync) => {
            const country: CountryCode | null = sync.user?.countryCode ?? null;
            const options = { moneyWatched, accountPulls: sync.eager || sync.force, eager: sync.eager, force: sync.force };
            sync.start('money pulls', () => pullMoneyDue(ctx.pullCtx, country, options, pull));
          },
        },
      ],
    };
  },
});
