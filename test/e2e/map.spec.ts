/**
 * Maps in real Chromium (WebGL through SwiftShader) against the real server: the
 * available map renders markers for the seeded stores with their task counts, a cluster expands,
 * a marker opens its drawer and a task opens from it; with the network cut, the reserved map still
 * shows the places of the tasker's reserved tasks (from the mirror, the offline basemap from the
 * precache).
 */
import { expect, test } from '@playwright/test';
import type { Page as ApiPage, Place } from '../../src/domain/types';
import { MapPage } from './pages/MapPage';
import { TaskListPage } from './pages/TaskListPage';
import { listTasks, passwordToken } from './support/api';
import { waitForServiceWorkerControl } from './support/serviceWorker';
import { APPROVED_LT_TASKER, DEMO_PASSWORD, loginWithEmailCode } from './support/session';

test('the available map shows the stores with their task counts; a cluster expands, a marker opens its drawer and a task opens from it', async ({ page, request }) => {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const placesAnswer = await request.get('/api/task/places?first=50', { headers: { Authorization: `Bearer ${token}` } });
  const places = ((await placesAnswer.json()) as ApiPage<Place>).data;
  const total = places.reduce((sum, p) => sum + (p.taskCount ?? 0), 0);
  expect(places.length).toBeGreaterThan(3);

  await loginWithEmailCode(page, request, APPROVED_LT_TASKER);
  // The map button on the offerings list leads to the map variant.
  const list = new TaskListPage(page);
  await list.goto('/reservable');
  // (By its link: the app may switch to the tasker's market language, LT, once the user is pulled.)
  // A pull may also put a banner above the list (an attendance request an earlier test left) as
  // the click lands, moving the button from under it: clicked again until the map is open.
  const toggle = page.locator('a.map-toggle[href="/map/available"]');
  await expect(async () => {
    if (!/\/map\/available/.test(page.url())) await toggle.click({ timeout: 3_000 });
    await expect(page).toHaveURL(/\/map\/available/, { timeout: 3_000 });
  }).toPass({ timeout: 20_000 });
  const map = new MapPage(page);
  await map.expectReady();

  // Whole LT at zoom 7 (the default centre): every store is in some marker or cluster.
  await page.goto('/map/available?lat=55.1694&lng=23.8813&zoom=7');
  await map.expectReady();
  await map.settle();
  await expect.poll(() => map.shownTaskTotal()).toBe(total);
  await expect(map.clusters.first()).toBeVisible();

  // A cluster zooms in to where it splits: more, smaller markers; the URL follows the map.
  const before = (await map.markers.count()) + (await map.clusters.count());
  const zoomBefore = map.zoomInUrl();
  await (await map.clusterInView()).click();
  await map.settle();
  await expect.poll(() => map.zoomInUrl()).toBeGreaterThan(zoomBefore);
  for (let i = 0; i < 6 && (await map.markers.count()) === 0; i++) {
    await (await map.clusterInView()).click();
    await map.settle();
  }
  expect((await map.markers.count()) + (await map.clusters.count())).toBeGreaterThanOrEqual(before);
  await expect(map.markers.first()).toBeVisible();

  // A marker opens the drawer with that store's tasks, as many as its number says.
  const marker = map.markers.first();
  const count = Number((await marker.locator('.map-marker__text').textContent())?.trim());
  await marker.click();
  await expect(map.drawer).toBeVisible();
  const title = (await map.drawer.getByRole('heading', { level: 2 }).textContent())?.trim() ?? '';
  const place = places.find((p) => p.title === title);
  expect(place, `a seeded store named ${title}`).toBeTruthy();
  expect(count).toBe(place?.taskCount);
  const cards = map.drawer.locator('a.task-card');
  await expect(cards).toHaveCount(count);

  // The map located the tasker (the context's position is Vilnius, location allowed): the drawer
  // and the cards show distances, and so does the task detail below.
  const distance = /\d\s?(km|m)(?![a-ząčęėįšųūž])/;
  await page.locator('button.map-screen__locate').click();
  await expect(map.drawer.locator('.place-drawer__meta')).toContainText(distance);
  await expect(cards.first()).toContainText(distance);

  // A task opens from the drawer.
  const taskTitle = (await cards.first().locator('.task-card__title').textContent())?.trim() ?? '';
  await cards.first().click();
  await expect(page).toHaveURL(/\/task\/[^/]+$/);
  await expect(page.getByRole('heading', { name: taskTitle }).first()).toBeVisible();
  // The available task's detail shows its distance, the position being known now.
  await expect(page.locator('main, #root').first()).toContainText(distance);
});

test("with the network cut, the reserved map still shows the reserved tasks' places", async ({ page, context, request }) => {
  const token = await passwordToken(request, APPROVED_LT_TASKER, DEMO_PASSWORD);
  const reserved = await listTasks(request, token, ['reserved']);
  expect(reserved.length).toBeGreaterThan(0);

  await loginWithEmailCode(page, request, APPROVED_LT_TASKER);
  const list = new TaskListPage(page);
  await list.goto('/reserved');
  await list.expectCards();
  await waitForServiceWorkerControl(page);
  const map = new MapPage(page);
  // Opened once online: the map's chunk, MapLibre's worker and the basemap are precached anyway.
  await map.goto('/map/reserved?lat=55.1694&lng=23.8813&zoom=6');

  await context.setOffline(true);
  await page.reload();
  await map.expectReady();
  await map.settle();
  // Every reserved task is counted on some marker or cluster (the places come from the tasks table).
  await expect.poll(() => map.shownTaskTotal()).toBe(reserved.length);

  // Zoomed to one reserved task's store, its marker opens a drawer with that task.
  const first = reserved[0]!;
  await page.goto(`/map/reserved?lat=${first.place.coordinates.latitude}&lng=${first.place.coordinates.longitude}&zoom=16`);
  await map.expectReady();
  await map.settle();
  const here = reserved.filter((t) => t.place.id === first.place.id);
  const marker = map.markers.filter({ hasText: first.place.title });
  await expect(marker).toHaveCount(1);
  await marker.click();
  await expect(map.drawer.getByRole('heading', { level: 2 })).toHaveText(first.place.title);
  await expect(map.drawer.locator('a.task-card')).toHaveCount(here.length);
  await context.setOffline(false);
});
