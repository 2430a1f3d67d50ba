/**
 * A deliberately small reading of a task type's markdown full description into plain blocks
 * (headings, paragraphs, bullet lists) that the detail screen renders as React elements. No HTML
 * is ever produced, so a description cannot inject markup; inline markup is reduced to its text.
 */

export type MarkdownBlock =
  | { kind: 'heading'; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] };

/** Drops inline markdown: links keep their text, emphasis/code markers and images go. */
export function plainInline(text: string): string {
  return text
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]+)\]\([^)]*\)/g, '$1')
    .replace(/(?<![\p{L}\p{N}])(\*\*|__)(\S(?:.*?\S)?)\1(?![\p{L}\p{N}])/gu, '$2')
    // Word-internal underscores (snake_case) are not emphasis, as in CommonMark.
    .replace(/(?<![\p{L}\p{N}])(\*|_)(\S(?:.*?\S)?)\1(?![\p{L}\p{N}])/gu, '$2')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim();
}

const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;

export function markdownBlocks(markdown: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: string[] } | null = null;

  const flush = () => {
    if (paragraph.length > 0) {
      const text = plainInline(paragraph.join(' '));
      if (text) blocks.push({ kind: 'paragraph', text });
      paragraph = [];
    }
    if (list) {
      const items = list.items.map(plainInline).filter(Boolean);
      if (items.length > 0) blocks.push({ kind: 'list', ordered: list.ordered, items });
      list = null;
    }
  };

  for (const line of markdown.replace(/\r\n?/g, '\n').split('\n')) {
    if (line.trim() === '' || /^\s*(```|---+|\*\*\*+)\s*$/.test(line)) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const text = plainInline(heading[1] ?? '');
      if (text) blocks.push({ kind: 'heading', text });
      continue;
    }
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      if (paragraph.length > 0 || (list && list.ordered !== ordered)) flush();
      if (!list) list = { ordered, items: [] };
      list.items.push((bullet ?? numbered)?.[1] ?? '');
      continue;
    }
    if (list && /^\s{2,}\S/.test(line)) {
      // An indented continuation of the previous list item.
      list.items[list.items.length - 1] += ` ${line.trim()}`;
      continue;
    }
    if (list) flush();
    paragraph.push(line.replace(/^\s*>\s?/, ''));
  }
  flush();
  return blocks;
}
