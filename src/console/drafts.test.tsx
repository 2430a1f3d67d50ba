import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { clearAllDrafts, clearDraft, readDraft, useDraft, writeDraft } from './drafts';
import { setSession } from './session';

class MemoryStorage {
  map = new Map<string, string>();
  getItem(key: string) {
    return this.map.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.map.set(key, value);
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  get length() {
    return this.map.size;
  }
  key(i: number) {
    return [...this.map.keys()][i] ?? null;
  }
}

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
});
afterEach(() => vi.unstubAllGlobals());

function Probe({ draftKey }: { draftKey: string }) {
  const [value] = useDraft(draftKey, { email: '' });
  return <span>{value.email || '(empty)'}</span>;
}

describe('console drafts', () => {
  it('keeps a draft under its key in localStorage until cleared', () => {
    writeDraft('accounts.add', { email: 'ana@example.com', roles: ['author'] });
    expect(storage.map.get('shelfwork.console.draft.-.accounts.add')).toBe('{"email":"ana@example.com","roles":["author"]}');
    expect(readDraft('accounts.add')).toEqual({ email: 'ana@example.com', roles: ['author'] });
    clearDraft('accounts.add');
    expect(readDraft('accounts.add')).toBeUndefined();
  });

  it("keeps each member's drafts apart, and sign-out's clear removes them all", () => {
    vi.stubGlobal('sessionStorage', new MemoryStorage());
    const member = (id: string) => ({ token: 't', refreshToken: 'r', staff: { id, email: `${id}@x`, name: id, roles: [], markets: [], active: true } });
    setSession(member('ana'));
    writeDraft('support.reply', 'from Ana');
    setSession(member('ben'));
    expect(readDraft('support.reply')).toBeUndefined();
    writeDraft('support.reply', 'from Ben');
    setSession(member('ana'));
    expect(readDraft('support.reply')).toBe('from Ana');
    storage.map.set('unrelated', 'kept');
    clearAllDrafts();
    expect([...storage.map.keys()]).toEqual(['unrelated']);
    setSession(null);
  });

  it('starts a form from its saved draft, else from the initial value', () => {
    expect(renderToStaticMarkup(<Probe draftKey="login" />)).toBe('<span>(empty)</span>');
    writeDraft('login', { email: 'typed@example.com' });
    expect(renderToStaticMarkup(<Probe draftKey="login" />)).toBe('<span>typed@example.com</span>');
  });

  it('reads a broken or blocked storage as no draft', () => {
    storage.map.set('shelfwork.console.draft.-.x', '{not json');
    expect(readDraft('x')).toBeUndefined();
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
      setItem: () => {
        throw new Error('blocked');
      },
      removeItem: () => {
        throw new Error('blocked');
      },
    });
    expect(readDraft('x')).toBeUndefined();
    expect(() => writeDraft('x', 1)).not.toThrow();
  });
});
