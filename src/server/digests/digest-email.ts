import type { DigestKind } from '../../domain/email-preferences';
import { memberDisplayName } from '../../domain/members';
import { plural } from '../../domain/sentences';
import { emailSettingsUrl, escapeHtml, renderEmail } from '../mail/templates';
import { thumbnailFor } from '../uploads/image-store';
import type { ForumReply, SearchMatch, UnreadThread } from './digests-repository';

// The digest e-mail (docs/product/email.md#digests): one section per kind of news, each a
// heading and short lines with their own link; the one button opens the club.

export type DigestContent = { threads: UnreadThread[]; replies: ForumReply[]; matches: SearchMatch[] };

export function isEmpty(c: DigestContent): boolean {
  return c.threads.length === 0 && c.replies.length === 0 && c.matches.length === 0;
}

const INK = '#1f2937';
const LINK = '#115e59';
const h2 = (t: string) =>
  `<h2 style="font-size:24px;line-height:1.3;margin:28px 0 12px;color:${INK}">${escapeHtml(t)}</h2>`;
const li = (inner: string) => `<li style="font-size:20px;line-height:1.6;margin:0 0 12px;color:${INK}">${inner}</li>`;
const a = (href: string, text: string) =>
  `<a href="${escapeHtml(href)}" style="color:${LINK};font-weight:bold">${escapeHtml(text)}</a>`;
const ul = (items: string[]) => `<ul style="padding-left:24px;margin:0 0 16px">${items.join('')}</ul>`;

/** A picture's address as a mail program needs it: absolute. */
const absolute = (appUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${appUrl}${url}`);

function messagesSection(appUrl: string, threads: UnreadThread[]) {
  const lines = threads.map((t) => {
    const from = memberDisplayName(t.firstName, t.lastName);
    const words = `${plural(t.unread, 'new message', 'new messages')} from ${from} in "${t.subject}"`;
    return { url: `${appUrl}/messages?thread=${t.threadId}`, words };
  });
  return {
    html: h2('Messages you have not read') + ul(lines.map((l) => li(a(l.url, l.words)))),
    text: ['MESSAGES YOU HAVE NOT READ', ...lines.map((l) => `- ${l.words}: ${l.url}`)].join('\n'),
  };
}

function repliesSection(appUrl: string, replies: ForumReply[]) {
  const lines = replies.map((r) => ({ url: `${appUrl}${r.link ?? '/community'}`, words: r.title, detail: r.message }));
  return {
    html:
      h2('Replies to you in the forum') +
      ul(lines.map((l) => li(`${a(l.url, l.words)}<br><span style="font-size:18px">${escapeHtml(l.detail)}</span>`))),
    text: ['REPLIES TO YOU IN THE FORUM', ...lines.map((l) => `- ${l.words}: ${l.url}`)].join('\n'),
  };
}

function matchesSection(appUrl: string, matches: SearchMatch[]) {
  const searches = new Map<number, { name: string; items: SearchMatch[] }>();
  for (const m of matches) {
    const group = searches.get(m.searchId) ?? { name: m.searchName, items: [] };
    group.items.push(m);
    searches.set(m.searchId, group);
  }
  const html: string[] = [h2('New puzzles for your saved searches')];
  const text: string[] = ['NEW PUZZLES FOR YOUR SAVED SEARCHES'];
  for (const { name, items } of searches.values()) {
    html.push(`<h3 style="font-size:21px;margin:16px 0 8px;color:${INK}">${escapeHtml(name)}</h3>`);
    text.push(`${name}:`);
    html.push(
      ul(
        items.map((m) => {
          const url = `${appUrl}/puzzle/${m.listingId}`;
          const words = `${m.title} (${plural(m.puzzlePoints, 'point', 'points')})`;
          text.push(`- ${words}: ${url}`);
          const picture = thumbnailFor(m.picture);
          const img = picture
            ? `<img src="${escapeHtml(absolute(appUrl, picture))}" alt="${escapeHtml(m.title)}" width="120" style="display:block;width:120px;height:auto;border-radius:8px;margin:0 0 6px">`
            : '';
          return li(`${img}${a(url, words)}`);
        }),
      ),
    );
  }
  return { html: html.join(''), text: text.join('\n') };
}

export function digestEmail(appUrl: string, kind: DigestKind, c: DigestContent) {
  const when = kind === 'daily' ? 'today' : 'this week';
  const sections = [
    ...(c.matches.length > 0 ? [matchesSection(appUrl, c.matches)] : []),
    ...(c.replies.length > 0 ? [repliesSection(appUrl, c.replies)] : []),
    ...(c.threads.length > 0 ? [messagesSection(appUrl, c.threads)] : []),
  ];
  return renderEmail({
    subject: kind === 'daily' ? 'Your daily summary' : 'Your weekly summary',
    heading: kind === 'daily' ? 'What is new at the club today' : 'What is new at the club this week',
    paragraphs: [`Here is what happened for you at the club since your last summary, ${when}.`],
    sections,
    action: { label: 'Visit Jigsaw Club', url: `${appUrl}/` },
    why: {
      reason:
        kind === 'daily'
          ? 'You receive this e-mail because you chose to hear about some things once a day, in one summary.'
          : 'You receive this e-mail because you chose to hear about some things once a week, in one summary.',
      settingsUrl: emailSettingsUrl(appUrl),
    },
  });
}
