/**
 * Finds labelled controls whose text does not fit, measured in the page as laid out: buttons,
 * links, tabs, labels, chips, summaries, selects, the bottom navigation's and the reservation
 * limit's labels, the slide-to-reserve label, and input placeholders.
 *
 * A control fails when
 * - it, or an element inside it, clips its content (`overflow` not visible) and the content is
 *   wider or taller than the box (`scrollWidth > clientWidth`, `scrollHeight > clientHeight`);
 * - a line of its text (not inside such a clipping element) lies outside the control's border
 *   box, outside a clipping ancestor, or off the screen (outside a horizontal scroller);
 * - it is a label meant to stay on one line (tabs, chips, the sort options, the reservation
 *   limit's title) and its text wraps, or a bottom-navigation label takes more than two lines;
 * - (slide to reserve) the label's text runs under the grabber;
 * - (placeholder) the placeholder, measured in the input's font, is wider than the content box;
 * - (a horizontal scroller such as the filter chips) the row is cut at an edge where more items
 *   are, with no fade on that edge to say so.
 *
 * Truncation counts as handled only where nothing is lost: the clipping element uses
 * `text-overflow: ellipsis` or a line clamp, and a `title` on it or on the control holds the full
 * text (which also stays in the DOM for screen readers). The spec lists where that is used.
 */
import type { Page } from '@playwright/test';

export interface Overflow {
  control: string;
  text: string;
  problem: string;
}

/** Every overflowing labelled control that is on screen now (see the module comment). */
export async function findOverflows(page: Page): Promise<Overflow[]> {
  // Runs in the browser: self-contained, no imports.
  return page.evaluate(() => {
    const TOLERANCE = 1;
    const CONTROLS = [
      'button',
      'a[href]',
      '[role="tab"]',
      '[role="button"]',
      'label',
      'summary',
      'select',
      '.chip',
      '.bottomnav-label',
      '.limit-bar__label',
      '.limit-bar__value',
      '.slide-reserve__label',
    ].join(',');
    /** Labels that must not wrap at all, and the bottom navigation's, which may take two lines. */
    const MAX_LINES: [string, number][] = [
      ['.status-tabs__tab', 1],
      ['.chip', 1],
      ['.order-toggle__option', 1],
      ['.limit-bar__label', 1],
      ['.bottomnav-label', 2],
      ['.slide-reserve__label', 2],
    ];
    const found: { control: string; text: string; problem: string }[] = [];
    const viewportWidth = document.documentElement.clientWidth;
    const viewportHeight = window.innerHeight;

    const describe = (el: Element): string => {
      const classes = typeof el.className === 'string' && el.className.trim() ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      return `${el.tagName.toLowerCase()}${classes}`;
    };
    const squash = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();
    const textOf = (el: Element): string => squash(el.textContent);

    /** Rendered and not hidden the accessible way (.visually-hidden clips to 1 px). */
    const isShown = (el: Element): boolean => {
      if (!el.checkVisibility({ contentVisibilityAuto: true, opacityProperty: true, visibilityProperty: true })) return false;
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false;
      return el.closest('.visually-hidden') === null;
    };
    const onScreen = (rect: DOMRect): boolean => rect.bottom > 0 && rect.top < viewportHeight;

    const clipsX = (style: CSSStyleDeclaration): boolean => style.overflowX !== 'visible';
    const clipsY = (style: CSSStyleDeclaration): boolean => style.overflowY !== 'visible';
    const scrollsX = (style: CSSStyleDeclaration): boolean => style.overflowX === 'auto' || style.overflowX === 'scroll';

    /** Truncated with an ellipsis or a line clamp, the full text in a title. */
    const truncationHandled = (clipper: Element, control: Element): boolean => {
      const style = getComputedStyle(clipper);
      const truncates = style.textOverflow === 'ellipsis' || (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '');
      const full = textOf(clipper);
      return truncates && full !== '' && [clipper, control].some((el) => squash(el.getAttribute('title')).includes(full));
    };

    const textNodes = (el: Element): Text[] => {
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (squash(node.textContent) && node.parentElement && isShown(node.parentElement)) nodes.push(node as Text);
      }
      return nodes;
    };
    const rectsOf = (node: Text): DOMRect[] => {
      const range = document.createRange();
      range.selectNodeContents(node);
      return Array.from(range.getClientRects()).filter((rect) => rect.width > 0 && rect.height > 0);
    };
    /** Distinct lines of an element's text (line boxes by their vertical middle). */
    const lineCount = (el: Element): number => {
      const middles: number[] = [];
      for (const node of textNodes(el)) {
        for (const rect of rectsOf(node)) {
          const middle = (rect.top + rect.bottom) / 2;
          if (!middles.some((m) => Math.abs(m - middle) < rect.height / 2)) middles.push(middle);
        }
      }
      return middles.length;
    };

    const outside = (inner: DOMRect, outer: DOMRect, x: boolean, y: boolean): boolean =>
      (x && (inner.left < outer.left - TOLERANCE || inner.right > outer.right + TOLERANCE)) ||
      (y && (inner.top < outer.top - TOLERANCE || inner.bottom > outer.bottom + TOLERANCE));
    const px = (rect: DOMRect): string => `${Math.round(rect.left)}–${Math.round(rect.right)} × ${Math.round(rect.top)}–${Math.round(rect.bottom)}`;

    const report = (el: Element, problem: string, text = textOf(el)) => found.push({ control: describe(el), text, problem });

    /** The control itself and the elements inside it that clip, whichever cuts text. */
    const checkClippers = (control: Element): boolean => {
      const candidates = [control, ...Array.from(control.querySelectorAll('*'))];
      for (const el of candidates) {
        if (!isShown(el) || !textOf(el)) continue;
        const style = getComputedStyle(el);
        // Inline boxes have no scroll size of their own.
        if (style.display === 'inline') continue;
        const wide = clipsX(style) && el.scrollWidth > el.clientWidth + TOLERANCE;
        const tall = clipsY(style) && el.scrollHeight > el.clientHeight + TOLERANCE;
        if ((wide || tall) && !truncationHandled(el, control)) {
          const what = wide ? `content ${el.scrollWidth}px wide in ${el.clientWidth}px` : `content ${el.scrollHeight}px tall in ${el.clientHeight}px`;
          report(control, el === control ? `${what} (cut)` : `${what} in ${describe(el)} (cut)`);
          return true;
        }
      }
      return false;
    };

    /** Lines of text not inside a clipping element of the control: inside its box and the screen. */
    const checkTextLines = (control: Element): boolean => {
      const box = control.getBoundingClientRect();
      for (const node of textNodes(control)) {
        // Text inside a clipping element was judged by checkClippers.
        let clipped = false;
        for (let el = node.parentElement; el && el !== control; el = el.parentElement) {
          const style = getComputedStyle(el);
          if (style.display !== 'inline' && (clipsX(style) || clipsY(style))) clipped = true;
        }
        const ownStyle = getComputedStyle(control);
        if (clipped || (ownStyle.display !== 'inline' && (clipsX(ownStyle) || clipsY(ownStyle)))) continue;
        for (const rect of rectsOf(node)) {
          if (ownStyle.display !== 'inline' && outside(rect, box, true, true)) {
            report(control, `text line ${px(rect)} outside the box ${px(box)}`);
            return true;
          }
          let inScroller = false;
          for (let el = control.parentElement; el && el !== document.body; el = el.parentElement) {
            const style = getComputedStyle(el);
            if (scrollsX(style)) {
              inScroller = true;
              break;
            }
            if ((clipsX(style) || clipsY(style)) && outside(rect, el.getBoundingClientRect(), clipsX(style), clipsY(style))) {
              report(control, `text cut by ${describe(el)}`);
              return true;
            }
          }
          if (!inScroller && (rect.left < -TOLERANCE || rect.right > viewportWidth + TOLERANCE)) {
            report(control, `text runs off the screen (${Math.round(rect.left)}–${Math.round(rect.right)} of ${viewportWidth}px)`);
            return true;
          }
        }
      }
      return false;
    };

    for (const control of Array.from(document.querySelectorAll(CONTROLS))) {
      if (!isShown(control) || !onScreen(control.getBoundingClientRect()) || !textOf(control)) continue;
      if (checkClippers(control) || checkTextLines(control)) continue;
      for (const [selector, max] of MAX_LINES) {
        const lines = control.matches(selector) ? lineCount(control) : 0;
        if (lines > max) {
          report(control, max === 1 ? `wraps to ${lines} lines` : `takes ${lines} lines (at most ${max})`);
          break;
        }
      }
    }

    // Slide to reserve: the label must not run under the grabber.
    for (const track of Array.from(document.querySelectorAll('.slide-reserve'))) {
      const label = track.querySelector('.slide-reserve__label');
      const grabber = track.querySelector('.slide-reserve__grabber');
      if (!label || !grabber || !isShown(label)) continue;
      const knob = grabber.getBoundingClientRect();
      const under = textNodes(label)
        .flatMap(rectsOf)
        .some((rect) => rect.left < knob.right + 4 && rect.right > knob.left && rect.top < knob.bottom && rect.bottom > knob.top);
      if (under) report(label, 'text runs under the grabber');
    }

    // Placeholders: measured in the input's own font against its content box.
    const context = document.createElement('canvas').getContext('2d');
    for (const input of Array.from(document.querySelectorAll<HTMLInputElement>('input[placeholder]'))) {
      if (!context || !isShown(input) || !onScreen(input.getBoundingClientRect()) || input.value !== '') continue;
      const placeholder = squash(input.placeholder);
      if (!placeholder) continue;
      const style = getComputedStyle(input, '::placeholder');
      context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
      const width = context.measureText(placeholder).width;
      const own = getComputedStyle(input);
      const available = input.clientWidth - parseFloat(own.paddingLeft) - parseFloat(own.paddingRight);
      const handled = own.textOverflow === 'ellipsis' && squash(input.title).includes(placeholder);
      if (width > available + TOLERANCE && !handled) {
        report(input, `placeholder ${Math.round(width)}px wide in ${Math.round(available)}px (cut)`, placeholder);
      }
    }

    // Horizontal scrollers (filter chips): an edge with more items beyond it needs a fade there,
    // i.e. a mask whose horizontal gradient ends in transparent on that side.
    const fadesAt = (mask: string, edge: 'start' | 'end'): boolean =>
      (mask.match(/linear-gradient\((?:[^()]|\([^()]*\))*\)/g) ?? []).some((gradient) => {
        const body = gradient.slice('linear-gradient('.length, -1);
        const parts = body.split(/,(?![^(]*\))/).map((part) => part.trim());
        if (!/^(90deg|to right)$/.test(parts[0] ?? '')) return false;
        const stop = edge === 'start' ? parts[1] : parts[parts.length - 1];
        return stop !== undefined && (/^transparent\b/.test(stop) || /^rgba\([^)]*,\s*0\)/.test(stop));
      });
    for (const row of Array.from(document.querySelectorAll('*'))) {
      const style = getComputedStyle(row);
      if (!scrollsX(style) || row.scrollWidth <= row.clientWidth + TOLERANCE || !isShown(row) || !onScreen(row.getBoundingClientRect())) continue;
      const mask = style.maskImage || style.getPropertyValue('-webkit-mask-image') || 'none';
      if (row.scrollLeft + row.clientWidth < row.scrollWidth - TOLERANCE && !fadesAt(mask, 'end')) report(row, 'more items after the edge, no hint of them');
      if (row.scrollLeft > TOLERANCE && !fadesAt(mask, 'start')) report(row, 'more items before the edge, no hint of them');
    }
    return found;
  });
}

/**
 * Calls `visit` at the top of the page, then a screenful (80 % of the window) further down each
 * time, up to `screens` times or the page's end; scrolls back to the top after.
 */
export async function eachScreenful(page: Page, screens: number, visit: () => Promise<void>): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, 0));
  for (let i = 0; i < screens; i += 1) {
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    await visit();
    const moved = await page.evaluate(() => {
      const before = window.scrollY;
      window.scrollBy(0, window.innerHeight * 0.8);
      return window.scrollY !== before;
    });
    if (!moved) break;
  }
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * The overflows of a whole screen: measured at the top, then a screenful further down each time
 * (content-visibility skips what is far off screen), up to `screens` screenfuls.
 */
export async function findOverflowsWhileScrolling(page: Page, screens = 4): Promise<Overflow[]> {
  const seen = new Map<string, Overflow>();
  await eachScreenful(page, screens, async () => {
    for (const overflow of await findOverflows(page)) seen.set(`${overflow.control} ${overflow.text}`, overflow);
  });
  return [...seen.values()];
}
