// Club e-mails: plain text and HTML with large, readable type, the club's name, and the
// link written out in full (older members often copy it, or read it aloud to a helper).

const CLUB = 'Jigsaw Club';

/** Text made safe in HTML content and double- or single-quoted attributes. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

export type EmailContent = {
  subject: string;
  heading: string;
  paragraphs: string[];
  action?: { label: string; url: string };
  /** Shown after the button, e.g. how long the link lasts. */
  footnote?: string;
};

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const { heading, paragraphs, action, footnote } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    `${CLUB}: the friendly club for trading finished jigsaw puzzles.`,
  ].join('\n');

  const p = (t: string) => `<p style="font-size:20px;line-height:1.6;margin:0 0 20px">${escapeHtml(t)}</p>`;
  const html = `<!doctype html>
<html lang="en-GB"><body style="margin:0;padding:24px;background:#f7f4ee;color:#1f1b16;font-family:Georgia,'Times New Roman',serif">
<div style="max-width:640px;margin:0 auto;background:#ffffff;padding:32px;border-radius:12px">
<p style="font-size:18px;font-weight:bold;color:#7a3e00;margin:0 0 16px">${CLUB}</p>
<h1 style="font-size:28px;line-height:1.3;margin:0 0 24px">${escapeHtml(heading)}</h1>
${paragraphs.map(p).join('\n')}
${
  action
    ? `<p style="margin:0 0 24px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:#7a3e00;color:#ffffff;font-size:22px;padding:16px 28px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
${p('If the button does not work, copy this whole link into your web browser:')}
<p style="font-size:18px;line-height:1.6;word-break:break-all;margin:0 0 24px"><a href="${escapeHtml(action.url)}" style="color:#1a4d8f">${escapeHtml(action.url)}</a></p>`
    : ''
}
${footnote ? p(footnote) : ''}
<p style="font-size:18px;color:#4a443c;margin:32px 0 0">${CLUB}: the friendly club for trading finished jigsaw puzzles.</p>
</div></body></html>`;
  return { subject: `${content.subject} | ${CLUB}`, text, html };
}
