/**
 * The map's places (./pulls.ts): pulled when a map opens or its centre moves past the radius
 * from the last pulled centre, then every 60 s with the sync while it stays open.
 */
import type { Coordinates } from '#domain/types';
import { canSeeTasks } from '#domain/users';
import { defineFeature } from '../../feature';
import { centerMovedFar, PLACES_INTERVAL_MS, PLACES_META, pullPlaces, type MapWatch } from './pulls';

export interface PlacesSignals {
  /** A map screen is open: its centre and whether it is the opportunities map; null when it closes. */
  map?: { center: Coordinates | null; opportunities: boolean } | null;
}

export const places = defineFeature({
  name: 'places',
  setup: (ctx) => {
    /** A map screen is open: its centre and whether it shows opportunities. */
    let watched: MapWatch | null = null;
    let pulledCenter: Coordinates | null = null;

    async function pullMap(map: MapWatch): Promise<void> {
      await ctx.guard('places pull', async () => {
        await ctx.ready;
        if (!(await ctx.session.tokens())) return;
        const user = await ctx.db.user.get('me');
        if (user && !canSeeTasks(user)) return;
        pulledCenter = map.center;
        await pullPlaces(ctx.pullCtx, map);
      });
    }

    return {
      watch: (signals: PlacesSignals) => {
        if (signals.map === undefined) return;
        const map = signals.map;
        const previous = watched;
        watched = map;
        if (!map) return;
        const opened = !previous || previous.opportunities !== map.opportunities;
        if (!opened && !centerMovedFar(pulledCenter, map.center)) return;
        ctx.chain(() => pullMap(map));
      },
      forget: () => {
        watched = null;
        pulledCenter = null;
      },
      pulls: [
        {
          stage: 'account',
          run: async (sync) => {
            const map = watched;
            const seesTasks = !!sync.user && canSeeTasks(sync.user);
            if (map && seesTasks && (await sync.due(PLACES_META, PLACES_INTERVAL_MS))) sync.start('places pull', () => pullMap(map));
          },
        },
      ],
    };
  },
});
