/** /map/{taskStatus} and /opportunities-map: HTML markers over the MapLibre canvas, the place drawer. */
import { expect, type Locator, type Page } from '@playwright/test';

export class MapPage {
  constructor(private readonly page: Page) {}

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.expectReady();
  }

  /** The map drew its style and clustered the places source (MapScreen sets data-map-ready). */
  async expectReady(): Promise<void> {
    await expect(this.page.locator('.map-screen[data-map-ready]')).toBeVisible({ timeout: 30_000 });
    await expect(this.page.locator('.maplibregl-canvas')).toBeVisible();
  }

  get markers(): Locator {
    return this.page.getByTestId('map-marker');
  }

  get clusters(): Locator {
    return this.page.getByTestId('map-cluster');
  }

  get drawer(): Locator {
    return this.page.locator('.place-drawer');
  }

  /** The numbers on every marker and cluster on screen, added up (tasks on a task map). */
  async shownTaskTotal(): Promise<number> {
    const texts = await this.page.locator('[data-testid="map-marker"] .map-marker__text, [data-testid="map-cluster"] > span[aria-hidden]').allTextContents();
    return texts.reduce((sum, text) => sum + Number(text.trim()), 0);
  }

  /** Waits until the markers stop changing (a cluster's ease and re-cluster take a moment). */
  async settle(): Promise<void> {
    let last = '';
    for (let i = 0; i < 20; i++) {
      await this.page.waitForTimeout(250);
      const now = `${await this.markers.count()}/${await this.clusters.count()}/${this.page.url()}`;
      if (now === last) return;
      last = now;
    }
  }

  zoomInUrl(): number {
    return Number(new URL(this.page.url()).searchParams.get('zoom'));
  }
}
