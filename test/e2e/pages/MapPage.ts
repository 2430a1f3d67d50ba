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

  /**
   * A cluster well inside the map (its centre at least `margin` px from the canvas's edges): the
   * first one in the DOM may be half outside the map, where a click lands on the canvas (seen
   * under load in CI: "canvas intercepts pointer events", "element is outside of the viewport").
   */
  async clusterInView(margin = 24): Promise<Locator> {
    const canvas = await this.page.locator('.maplibregl-canvas').boundingBox();
    const boxes = await this.clusters.evaluateAll((els) =>
      els.map((el) => {
        const r = el.getBoundingClientRect();
        return { x: r.x + r.width / 2, y: r.y + r.height / 2 };
      }),
    );
    const inside = canvas
      ? boxes.findIndex((c) => c.x >= canvas.x + margin && c.x <= canvas.x + canvas.width - margin && c.y >= canvas.y + margin && c.y <= canvas.y + canvas.height - margin)
      : -1;
    return this.clusters.nth(Math.max(0, inside));
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
