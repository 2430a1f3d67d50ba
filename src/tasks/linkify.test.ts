import { describe, expect, it } from 'vitest';
import { linkify, safeHref, type TextSegment } from './linkify';

const text = (t: string): TextSegment => ({ kind: 'text', text: t });
const link = (t: string, href: string): TextSegment => ({ kind: 'link', text: t, href });

describe('linkify', () => {
  it.each<[string, string, TextSegment[]]>([
    ['plain text stays one text segment', 'Ask the manager first.', [text('Ask the manager first.')]],
    ['an empty comment has no segments', '', []],
    ['an https word becomes a link', 'See https://example.com/guide now', [text('See '), link('https://example.com/guide', 'https://example.com/guide'), text(' now')]],
    ['an http word becomes a link', 'http://example.com', [link('http://example.com', 'http://example.com/')]],
    ['the scheme is case-insensitive', 'HTTPS://EXAMPLE.COM/a', [link('HTTPS://EXAMPLE.COM/a', 'https://example.com/a')]],
    ['sentence punctuation stays outside the link', 'Read https://example.com.', [text('Read '), link('https://example.com', 'https://example.com/'), text('.')]],
    ['a parenthesis closing one in the URL stays in the link', 'https://en.wikipedia.org/wiki/Shelf_(storage)', [link('https://en.wikipedia.org/wiki/Shelf_(storage)', 'https://en.wikipedia.org/wiki/Shelf_(storage)')]],
    ['newlines and tabs are kept', 'a\nhttps://x.org\tb', [text('a\n'), link('https://x.org', 'https://x.org/'), text('\tb')]],
    ['two links in a row', 'https://a.lt https://b.lt', [link('https://a.lt', 'https://a.lt/'), text(' '), link('https://b.lt', 'https://b.lt/')]],
    ['a URL glued to a previous word is not a whole word', 'see:https://example.com', [text('see:https://example.com')]],
    ['a word that only starts with "http" is not a link', 'httpfoo https-ish', [text('httpfoo https-ish')]],
    ['a bare scheme is not a link', 'https:// and http://', [text('https:// and http://')]],
  ])('%s', (_name, input, expected) => {
    expect(linkify(input)).toEqual(expected);
  });

  it.each([
    ['javascript: URLs stay text', 'javascript:alert(1)'],
    ['data: URLs stay text', 'data:text/html,<script>alert(1)</script>'],
    ['an HTML anchor stays text', '<a href="javascript:alert(1)">click</a>'],
    ['a vbscript: URL stays text', 'vbscript:msgbox(1)'],
    ['a protocol-relative URL stays text', '//evil.example/x'],
  ])('%s', (_name, input) => {
    const segments = linkify(input);
    expect(segments.every((s) => s.kind === 'text')).toBe(true);
    expect(segments.map((s) => s.text).join('')).toBe(input);
  });

  it('cuts an attribute-breaking quote off and keeps the rest as text', () => {
    const segments = linkify('http://x.org" onclick="alert(1)');
    expect(segments[0]).toEqual(link('http://x.org', 'http://x.org/'));
    expect(segments.slice(1).every((s) => s.kind === 'text')).toBe(true);
  });

  it('percent-encodes markup inside a link target', () => {
    const [first] = linkify('https://evil.example/<script>alert(1)</script>');
    expect(first?.kind).toBe('link');
    expect(first && first.kind === 'link' ? first.href : '').not.toMatch(/[<>"]/);
  });

  it('never loses or reorders characters', () => {
    const input = 'Go to https://a.lt/x?y=1&z=2, then (see http://b.pl).\n\nThanks! <b>bold</b>';
    expect(linkify(input).map((s) => s.text).join('')).toBe(input);
  });

  it('only ever produces http and https hrefs', () => {
    const hostile = 'https://ok.lt javascript:x http://a.b/%0a https://x.y/"><img src=x onerror=alert(1)> ftp://f.lt';
    for (const s of linkify(hostile)) {
      if (s.kind === 'link') expect(s.href).toMatch(/^https?:\/\//);
    }
  });
});

describe('safeHref', () => {
  it.each([
    ['https://example.com', 'https://example.com/'],
    ['http://example.com/a b', 'http://example.com/a%20b'],
    ['https://', null],
    ['javascript:alert(1)', null],
    ['ftp://example.com', null],
  ])('safeHref(%j) is %j', (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});
