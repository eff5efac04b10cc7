import type { UnsubscribeInfo } from '../../domain/email-preferences';
import { emailSettingsUrl, escapeHtml } from '../mail/templates';

// The page a member sees on opening an e-mail's unsubscribe link (docs/product/email.md#one-click-unsubscribe):
// served by the server itself, so it works from any mail program without the web app,
// signed in or not. Large plain type, one button, nothing changed until it is pressed.

const CLUB = 'Jigsaw Club';

function frame(title: string, body: string): string {
  return `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} | ${CLUB}</title>
<link rel="icon" type="image/svg+xml" href="/favicon.svg">
<style>
body{margin:0;padding:24px 16px;background:#f0fdfa;color:#1f2937;font:20px/1.6 system-ui,-apple-system,'Segoe UI',Roboto,Arial,sans-serif}
main{max-width:640px;margin:0 auto;background:#fff;border:1px solid #d1d5db;border-radius:12px;padding:24px}
.club{font-size:22px;font-weight:bold;color:#134e4a;margin:0 0 12px}
h1{font-size:30px;line-height:1.3;margin:0 0 20px}
p{margin:0 0 20px}
a{color:#115e59;font-weight:600}
button{font:inherit;font-size:22px;font-weight:bold;color:#fff;background:#115e59;border:0;border-radius:8px;padding:16px 28px;cursor:pointer}
button:focus-visible,a:focus-visible{outline:3px solid #1f2937;outline-offset:3px}
</style></head>
<body><main>
<p class="club">${CLUB}</p>
${body}
</main></body></html>`;
}

const settingsLine = (appUrl: string) =>
  `<p>You can choose which e-mails you get, and how often, in your <a href="${escapeHtml(emailSettingsUrl(appUrl))}">e-mail settings</a> (you will be asked to sign in).</p>`;

/** What the button will turn off, for whom. */
export function unsubscribeAskPage(appUrl: string, info: UnsubscribeInfo, token: string): string {
  const action = `${appUrl}/api/unsubscribe?token=${encodeURIComponent(token)}`;
  return frame(
    'Stop these e-mails',
    `<h1>Stop ${escapeHtml(info.what)}?</h1>
<p>Press the button to stop ${escapeHtml(info.what)} to ${escapeHtml(info.email)}. Nothing changes until you press it.</p>
<form method="post" action="${escapeHtml(action)}">
<input type="hidden" name="List-Unsubscribe" value="One-Click">
<p><button type="submit">Stop these e-mails</button></p>
</form>
<p>E-mails about your trades still come, so your trades keep moving.</p>
${settingsLine(appUrl)}`,
  );
}

export function unsubscribeDonePage(appUrl: string, info: UnsubscribeInfo): string {
  return frame(
    'E-mails stopped',
    `<h1>Done: no more ${escapeHtml(info.what)}</h1>
<p>We will not send ${escapeHtml(info.what)} to ${escapeHtml(info.email)} any more. You still see everything when you visit the club.</p>
${settingsLine(appUrl)}`,
  );
}

export function unsubscribeRefusedPage(appUrl: string): string {
  return frame(
    'Link not valid',
    `<h1>This link is not valid</h1>
<p>This unsubscribe link is not one we sent, or it has been changed. Nothing has been turned off.</p>
${settingsLine(appUrl)}`,
  );
}
