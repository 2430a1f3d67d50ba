import { describe, expect, it } from 'vitest';
import { cardClickPath, type ClickLike } from './cardLinks';

const plain: ClickLike = { button: 0, metaKey: false, altKey: false, ctrlKey: false, shiftKey: false, defaultPrevented: false };
const anchor = (attributes: Record<string, string>) => ({ getAttribute: (name: string) => attributes[name] ?? null });

describe('cardClickPath', () => {
  it("opens a card's path in the app on a plain primary click", () => {
    expect(cardClickPath(plain, anchor({ href: '/task/task%207%2Fx' }))).toBe('/task/task%207%2Fx');
    expect(cardClickPath(plain, anchor({ href: '/task/a', target: '_self' }))).toBe('/task/a');
  });

  it('leaves modified, secondary and already handled clicks to the browser', () => {
    const card = anchor({ href: '/task/a' });
    for (const click of [
      { ...plain, metaKey: true },
      { ...plain, ctrlKey: true },
      { ...plain, shiftKey: true },
      { ...plain, altKey: true },
      { ...plain, button: 1 },
      { ...plain, defaultPrevented: true },
    ]) {
      expect(cardClickPath(click, card)).toBeNull();
    }
  });

  it('leaves clicks outside a card, other targets, downloads and other origins to the browser', () => {
    expect(cardClickPath(plain, null)).toBeNull();
    expect(cardClickPath(plain, anchor({ href: '/task/a', target: '_blank' }))).toBeNull();
    expect(cardClickPath(plain, anchor({ href: '/task/a', download: '' }))).toBeNull();
    expect(cardClickPath(plain, anchor({ href: '//evil.example/task/a' }))).toBeNull();
    expect(cardClickPath(plain, anchor({ href: 'https://evil.example/' }))).toBeNull();
    expect(cardClickPath(plain, anchor({}))).toBeNull();
  });
});
