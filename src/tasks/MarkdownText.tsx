/** A task type's markdown description as plain headings, paragraphs and lists (see markdown.ts). */
import { markdownBlocks } from './markdown';

export function MarkdownText({ markdown }: { markdown: string }) {
  return (
    <div className="markdown-text">
      {markdownBlocks(markdown).map((block, i) => {
        if (block.kind === 'heading') return <h4 key={i}>{block.text}</h4>;
        if (block.kind === 'paragraph') return <p key={i}>{block.text}</p>;
        const items = block.items.map((item, j) => <li key={j}>{item}</li>);
        return block.ordered ? <ol key={i}>{items}</ol> : <ul key={i}>{items}</ul>;
      })}
    </div>
  );
}
