// Club e-mails: plain text and HTML with large, readable type, the club's name, and the
// link written out in full (older members often copy it, or read it aloud to a helper).

const CLUB = 'Jigsaw Club';

// The site's palette and type (src/web/styles.css), so an e-mail looks like the club.
const BRAND_50 = '#f0fdfa';
const BRAND_700 = '#115e59';
const BRAND_800 = '#134e4a';
const INK = '#1f2937';
const INK_MUTED = '#4b5563';
const LINE = '#d1d5db';
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif";

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
  /**
   * Why the member gets this e-mail and where to change it (their e-mail settings page), in
   * the foot of every e-mail to a member (docs/product/email.md#what-every-e-mail-has).
   */
  why?: { reason: string; settingsUrl: string };
  /** Extra blocks of HTML after the paragraphs (a digest's sections), already escaped; `text` is their plain-text part. */
  sections?: { html: string; text: string }[];
};

/** The settings page an e-mail's foot links to. */
export function emailSettingsUrl(appUrl: string): string {
  return `${appUrl}/profile#email`;
}

const SETTINGS_WORDS = 'To choose which e-mails you get, and how often, open your e-mail settings:';

export function renderEmail(content: EmailContent): { subject: string; text: string; html: string } {
  const { heading, paragraphs, action, footnote, why, sections = [] } = content;
  const text = [
    heading,
    '',
    ...paragraphs.flatMap((p) => [p, '']),
    ...sections.flatMap((s) => [s.text, '']),
    ...(action ? [`${action.label}:`, action.url, ''] : []),
    ...(footnote ? [footnote, ''] : []),
    ...(why ? [why.reason, SETTINGS_WORDS, why.settingsUrl, ''] : []),
    `${CLUB}: the friendly club for trading finished jigsaw puzzles.`,
  ].join('\n');

  // The site's own colours and type (src/web/styles.css): teal brand, dark ink, the system
  // sans-serif at 20px, one large teal button. The link is also written out as plain text,
  // not a second button, for members who copy it or read it aloud to a helper.
  const p = (t: string) =>
    `<p style="font-size:20px;line-height:1.6;margin:0 0 20px;color:${INK}">${escapeHtml(t)}</p>`;
  const html = `<!doctype html>
<html lang="en-GB"><body style="margin:0;padding:24px;background:${BRAND_50};color:${INK};font-family:${FONT}">
<div style="max-width:640px;margin:0 auto;background:#ffffff;padding:32px;border-radius:12px;border:1px solid ${LINE}">
<p style="font-size:22px;font-weight:bold;color:${BRAND_800};margin:0 0 16px">${CLUB}</p>
<h1 style="font-size:30px;line-height:1.3;margin:0 0 24px;color:${INK}">${escapeHtml(heading)}</h1>
${paragraphs.map(p).join('\n')}
${sections.map((s) => s.html).join('\n')}
${
  action
    ? `<p style="margin:8px 0 28px"><a href="${escapeHtml(action.url)}" style="display:inline-block;background:${BRAND_700};color:#ffffff;font-size:22px;font-weight:bold;padding:18px 32px;border-radius:8px;text-decoration:none">${escapeHtml(action.label)}</a></p>
${p('If the button does not work, copy this whole link into your web browser:')}
<p style="font-size:18px;line-height:1.6;word-break:break-all;margin:0 0 24px;padding:12px;background:${BRAND_50};border-radius:8px;color:${INK}">${escapeHtml(action.url)}</p>`
    : ''
}
${footnote ? p(footnote) : ''}
${
  why
    ? `<p style="font-size:18px;line-height:1.6;color:${INK};margin:24px 0 0">${escapeHtml(why.reason)} ${escapeHtml(SETTINGS_WORDS)} <a href="${escapeHtml(why.settingsUrl)}" style="color:${BRAND_700}">${escapeHtml(why.settingsUrl)}</a></p>`
    : ''
}
<p style="font-size:18px;color:${INK_MUTED};margin:32px 0 0;border-top:1px solid ${LINE};padding-top:16px">${CLUB}: the friendly club for trading finished jigsaw puzzles.</p>
</div></body></html>`;
  return { subject: `${content.subject} | ${CLUB}`, text, html };
}
