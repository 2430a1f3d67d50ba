/**
 * Page-level layout faults on a narrow phone, measured in the page as laid out (the labelled
 * controls are measured by support/overflow.ts):
 * - the page scrolls sideways (the document wider than the viewport);
 * - an element reaches past the screen's edges, unless a horizontal scroller or a clipping box
 *   holds it (only the outermost such element is named);
 * - the bottom navigation is missing a label, or a label is cut, hidden or clamped: at 360 px
 *   every tab's whole label shows (the ellipsis with a title is kept for narrower screens);
 * - text is cut: an element holding text clips it sideways or downwards (an ellipsis or a line
 *   clamp included), except the few texts that are allowed to shorten (`MAY_SHORTEN`);
 * - the install banner is drawn over a control of the screen, or a toast overlaps it.
 */
import type { Page } from '@playwright/test';
import { eachScreenful } from './overflow';

/**
 * Texts that may shorten with an ellipsis: a field's value that the tasker typed (inputs are not
 * measured at all), and the page title in the top bar, whose full text is the screen's heading.
 */
const MAY_SHORTEN = ['.topbar-title'];

/** Every fault listed in the module comment that is on screen now, as readable lines. */
export async function findLayoutFaults(page: Page): Promise<string[]> {
  return page.evaluate((mayShorten) => {
    const TOLERANCE = 1;
    const faults: string[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;
    const describe = (el: Element): string => {
      const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${classes}`;
    };
    const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
    const shown = (el: Element): boolean => {
      if (!el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return false;
      const rect = el.getBoundingClientRect();
      return rect.width > 1 && rect.height > 1 && el.closest('.visually-hidden') === null;
    };
    const onScreen = (rect: DOMRect): boolean => rect.bottom > 0 && rect.top < viewportHeight;

    // The page scrolls sideways.
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > viewportWidth + TOLERANCE) faults.push(`the page is ${root.scrollWidth}px wide on a ${viewportWidth}px screen`);

    // Elements past the screen's edges, not held by a scroller or a clipping box.
    const sticking: Element[] = [];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el instanceof SVGElement && !(el instanceof SVGSVGElement)) continue;
      const rect = el.getBoundingClientRect();
      if (rect.right <= viewportWidth + TOLERANCE && rect.left >= -TOLERANCE) continue;
      if (!shown(el) || !onScreen(rect)) continue;
      let held = false;
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
        if (getComputedStyle(up).overflowX !== 'visible') {
          held = true;
          break;
        }
      }
      if (!held) sticking.push(el);
    }
    for (const el of sticking) {
      if (sticking.some((other) => other !== el && other.contains(el))) continue;
      const rect = el.getBoundingClientRect();
      faults.push(`${describe(el)} "${squash(el.textContent).slice(0, 40)}" spans ${Math.round(rect.left)}–${Math.round(rect.right)}px of ${viewportWidth}px`);
    }

    // The bottom navigation: every tab with its whole label.
    const nav = document.querySelector('.bottomnav');
    if (nav && shown(nav)) {
      for (const tab of Array.from(nav.querySelectorAll('.bottomnav-tab'))) {
        const label = tab.querySelector('.bottomnav-label');
        const name = squash(tab.getAttribute('title')) || squash(tab.textContent);
        if (!label || !shown(label) || !squash(label.textContent)) {
          faults.push(`bottom navigation: the tab "${name}" shows no label`);
          continue;
        }
        const box = label.getBoundingClientRect();
        const tabBox = tab.getBoundingClientRect();
        if (label.scrollWidth > label.clientWidth + TOLERANCE || label.scrollHeight > label.clientHeight + TOLERANCE) {
          faults.push(`bottom navigation: the label "${squash(label.textContent)}" is cut (${label.scrollWidth}×${label.scrollHeight} in ${label.clientWidth}×${label.clientHeight})`);
        } else if (box.left < tabBox.left - TOLERANCE || box.right > tabBox.right + TOLERANCE || box.bottom > tabBox.bottom + TOLERANCE || box.bottom > viewportHeight + TOLERANCE) {
          faults.push(`bottom navigation: the label "${squash(label.textContent)}" runs out of its tab`);
        }
      }
    }

    // Cut text: an element with text of its own that clips it.
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const own = Array.from(el.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && squash(node.textContent) !== '');
      if (!own || el.matches('input, textarea, select, option, script, style, noscript') || el.closest('.bottomnav')) continue;
      if (mayShorten.some((selector) => el.closest(selector))) continue;
      const style = getComputedStyle(el);
      if (style.display === 'inline' || (style.overflowX === 'visible' && style.overflowY === 'visible')) continue;
      if (!shown(el) || !onScreen(el.getBoundingClientRect())) continue;
      // A scroller lets the text be reached (a chip row, a long code in a box that scrolls).
      if (style.overflowX === 'auto' || style.overflowX === 'scroll') continue;
      const wide = style.overflowX !== 'visible' && el.scrollWidth > el.clientWidth + TOLERANCE;
      const tall = style.overflowY !== 'visible' && el.scrollHeight > el.clientHeight + TOLERANCE;
      if (wide || tall) {
        faults.push(`${describe(el)} "${squash(el.textContent).slice(0, 60)}" is cut (${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight})`);
      }
    }
    // The install banner and the toasts: they never cover a control of the screen, nor each other.
    const overlap = (a: DOMRect, b: DOMRect): boolean =>
      a.left < b.right - TOLERANCE && b.left < a.right - TOLERANCE && a.top < b.bottom - TOLERANCE && b.top < a.bottom - TOLERANCE;
    const floating = Array.from(document.querySelectorAll('.install-banner, .toast')).filter(shown);
    const controls = Array.from(document.querySelectorAll('button, a[href], input, select, textarea, [role="slider"], [role="button"]')).filter(
      (el) => shown(el) && !floating.some((over) => over.contains(el)) && el.closest('.toaster, .bottomnav') === null,
    );
    for (const over of floating) {
      const box = over.getBoundingClientRect();
      // Toasts come and go (a few seconds, with a close button); the banner stays.
      if (!over.matches('.install-banner')) continue;
      // Drawn over the control: the banner or toast is what the middle of their common area shows.
      const covered = controls.find((el) => {
        const rect = el.getBoundingClientRect();
        if (!overlap(box, rect)) return false;
        const x = (Math.max(box.left, rect.left) + Math.min(box.right, rect.right)) / 2;
        const y = (Math.max(box.top, rect.top) + Math.min(box.bottom, rect.bottom)) / 2;
        const top = document.elementFromPoint(x, y);
        return top !== null && over.contains(top);
      });
      if (covered) faults.push(`${describe(over)} covers ${describe(covered)} "${squash(covered.textContent || covered.getAttribute('aria-label')).slice(0, 40)}"`);
      for (const toast of floating.filter((el) => el.matches('.toast'))) {
        if (overlap(box, toast.getBoundingClientRect())) faults.push(`${describe(toast)} "${squash(toast.textContent).slice(0, 40)}" overlaps the install banner`);
      }
    }
    return faults;
  }, MAY_SHORTEN);
}

/** The faults of a whole screen: at the top, then a screenful further down each time. */
export async function findLayoutFaultsWhileScrolling(page: Page, screens = 4): Promise<string[]> {
  const seen = new Set<string>();
  await eachScreenful(page, screens, async () => {
    for (const fault of await findLayoutFaults(page)) seen.add(fault);
  });
  return [...seen];
}

/** The screen's controls that an overlay (a toast, a banner) is drawn over now, as readable lines. */
export async function findControlsCoveredBy(page: Page, overlaySelector: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
    const shown = (el: Element): boolean => el.checkVisibility({ opacityProperty: true, visibilityProperty: true }) && el.getBoundingClientRect().width > 1;
    const overlays = Array.from(document.querySelectorAll(selector)).filter(shown);
    const covered: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button, a[href], input, select, textarea, [role="slider"], [role="button"]'))) {
      if (!shown(el) || overlays.some((over) => over.contains(el))) continue;
      const rect = el.getBoundingClientRect();
      for (const over of overlays) {
        const box = over.getBoundingClientRect();
        if (box.left >= rect.right || rect.left >= box.right || box.top >= rect.bottom || rect.top >= box.bottom) continue;
        const x = (Math.max(box.left, rect.left) + Math.min(box.right, rect.right)) / 2;
        const y = (Math.max(box.top, rect.top) + Math.min(box.bottom, rect.bottom)) / 2;
        const top = document.elementFromPoint(x, y);
        if (top && over.contains(top)) covered.push(`${el.tagName.toLowerCase()} "${squash(el.textContent || el.getAttribute('aria-label')).slice(0, 40)}"`);
      }
    }
    return covered;
  }, overlaySelector);
}
