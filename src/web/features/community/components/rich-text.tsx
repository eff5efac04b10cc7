import { Fragment } from 'react';

// A member's post or reply as plain text (docs/product/community.md#posts): line breaks kept, web addresses made
// into links. React escapes every piece, so nothing a member writes becomes HTML.

const URL_PATTERN = /\bhttps?:\/\/[^\s<>"']+/gi;
// Punctuation that usually ends a sentence rather than the address.
const TRAILING = /[.,;:!?)\]}]+$/;

export interface TextPart {
  kind: 'text' | 'link';
  value: string;
}

/** Splits text into plain runs and http(s) links; a link keeps no trailing punctuation. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    if (start > last) parts.push({ kind: 'text', value: text.slice(last, start) });
    parts.push({ kind: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', value: text.slice(last) });
  return parts;
}

export function RichText({ text, className }: { text: string; className?: string }) {
  return (
    <p className={`whitespace-pre-line break-words ${className ?? ''}`}>
      {splitLinks(text).map((part, i) =>
        part.kind === 'link' ? (
          <a
            key={i}
            href={part.value}
            target="_blank"
            rel="noopener noreferrer nofollow ugc"
            className="font-semibold text-brand-700 underline underline-offset-4 hover:text-brand-900"
          >
            {part.value}
          </a>
        ) : (
          <Fragment key={i}>{part.value}</Fragment>
        ),
      )}
    </p>
  );
}
