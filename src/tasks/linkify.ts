/**
 * Turns a descriptive comment into text and link segments (spec section 5: whole words starting
 * http or https become links). The caller renders segments as React elements, never as HTML, so
 * the only thing that can become markup is an `href` — and that is always a parsed http(s) URL.
 */

export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

const URL_START = /^https?:\/\//i;
/** Sentence punctuation after a URL belongs to the sentence, not the link. */
const TRAILING_PUNCTUATION = /[.,;:!?'"’”»)\]}>]+$/;

/** The safe href for a word, or null when the word is not a whole http(s) URL. */
export function safeHref(word: string): string | null {
  if (!URL_START.test(word)) return null;
  let url: URL;
  try {
    url = new URL(word);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') return null;
  return url.href;
}

function splitTrailing(word: string): [string, string] {
  const match = TRAILING_PUNCTUATION.exec(word);
  if (!match) return [word, ''];
  let cut = match.index;
  // Keep a closing parenthesis that closes one inside the URL (Wikipedia-style links).
  const core = word.slice(0, cut);
  const tail = word.slice(cut);
  if (tail.startsWith(')') && core.includes('(') && !core.includes(')')) cut += 1;
  return [word.slice(0, cut), word.slice(cut)];
}

export function linkify(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const pushText = (value: string) => {
    if (value === '') return;
    const last = segments[segments.length - 1];
    if (last && last.kind === 'text') last.text += value;
    else segments.push({ kind: 'text', text: value });
  };
  // Splitting on whitespace (and keeping it) makes "whole word" literal: a URL glued to a word
  // before it ("see:https://…") is not a word starting with http and stays text.
  for (const part of text.split(/(\s+)/)) {
    if (part === '' || /^\s+$/.test(part) || !URL_START.test(part)) {
      pushText(part);
      continue;
    }
    const [core, tail] = splitTrailing(part);
    const href = safeHref(core);
    if (href === null) {
      pushText(part);
      continue;
    }
    segments.push({ kind: 'link', text: core, href });
    pushText(tail);
  }
  return segments;
}
