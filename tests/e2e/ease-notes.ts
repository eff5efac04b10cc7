import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { ACCOUNT_EMAILS_PER_ADDRESS } from '../../src/domain/constants';
import { describedText, failedCall } from '../support/accounts-ui';
import { expectNoA11yViolations, launchBrowser, newWatchedPage, type ExpectedConsoleError } from '../support/browser';
import { createListing } from '../support/factories';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { apiAs, browserMember, startTestServer, type BrowserMember, type TestServer } from '../support/server';

// Issue 22 point 8, the smaller things from the walk, as a member sees them in Chromium on a
// phone (390 px) and a desktop (1280 px), and at the Largest text size where layout matters;
// axe-clean at every state (docs/decisions/0025-small-things-from-the-walk.md).

const skipReason = inject('skipBrowserReason');

const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 }, largest: false },
  { name: 'desktop', viewport: { width: 1280, height: 800 }, largest: false },
  { name: 'phone at Largest text', viewport: { width: 390, height: 844 }, largest: true },
] as const;
type Width = (typeof WIDTHS)[number];

/** A picture file that is not there: the server answers 404 and Chromium logs it. */
const MISSING_PICTURE: ExpectedConsoleError = failedCall(404, /\/uploads\//);

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The journeys at one of the widths: each width's file runs them on its own server, side by side. */
export function describeEaseNotes(widthName: (typeof WIDTHS)[number]['name']): void {
  describe.skipIf(skipReason)('the smaller things from the walk (issue 22, point 8)', () => {
    let server: TestServer;
    let browser: Browser;
    let mail: MailCatcher;

    beforeAll(async () => {
      mail = await startMailCatcher();
      [server, browser] = await Promise.all([startTestServer({ smtpUrl: mail.url }), launchBrowser()]);
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
      await mail?.close();
    });

    let sequence = 0;
    /** A member with a complete profile; at Largest text on the Largest runs. */
    async function member(
      width: Width,
      firstName: string,
      lastName: string,
      extra: object = {},
    ): Promise<BrowserMember & { email: string }> {
      sequence += 1;
      const email = `${firstName.toLowerCase()}.${sequence}@example.org`;
      const signedIn = await browserMember(server, email, {
        firstName,
        lastName,
        points: 50,
        textSize: width.largest ? 'largest' : 'standard',
        ...extra,
      });
      return { ...signedIn, email };
    }

    async function open(
      width: Width,
      who: BrowserMember | null,
      path: string,
      expected: ExpectedConsoleError[] = [],
    ): Promise<Page> {
      const context = await browser.newContext({ viewport: width.viewport });
      if (who) await context.addCookies([who.cookie]);
      const page = await newWatchedPage(context, expected);
      page.setDefaultTimeout(15_000);
      await page.goto(`${server.url}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      if (width.largest && who) {
        await page.waitForFunction(() => document.documentElement.dataset.textSize === 'largest');
      }
      return page;
    }

    /** axe-clean, and nothing wider than the window. */
    async function expectWellShown(page: Page): Promise<void> {
      const sideways = await page.evaluate(
        () => document.scrollingElement!.scrollWidth - document.scrollingElement!.clientWidth,
      );
      expect(sideways, `${page.url()} scrolls sideways`).toBeLessThanOrEqual(0);
      await expectNoA11yViolations(page);
    }

    const shot = (page: Page, name: string) =>
      process.env.UX_SHOTS ? page.screenshot({ path: `/tmp/ux/notes-${name}.png` }) : Promise.resolve();

    const trade = (who: BrowserMember, listingId: number, requestComments?: string) =>
      apiAs(server, who, 'POST', '/api/trade-requests', { puzzleListingId: listingId, requestComments }) as Promise<{
        id: number;
        threadId: number;
      }>;
    const step = (who: BrowserMember, tradeId: number, path: string) =>
      apiAs(server, who, 'POST', `/api/trade-requests/${tradeId}/${path}`, {});

    describe.each(WIDTHS.filter((w) => w.name === widthName))('on a $name', (width) => {
      it.skipIf(width.largest)(
        "a: 'Registration Started!' names the address and sends the e-mail again, within its limit",
        async () => {
          const email = `joining.${width.name.replace(/\W/g, '')}@example.org`;
          const page = await open(width, null, '/', [failedCall(429, /\/api\/auth\/register-email$/)]);
          await page.getByRole('banner').getByRole('button', { name: 'Join Now' }).click();
          const join = page.getByRole('dialog', { name: 'Join' });
          await join.getByLabel('Email address').fill(email);
          await join.getByLabel("I accept the club's membership terms").check();
          await join.getByRole('button', { name: 'Send Verification Email' }).click();
          await page.getByRole('heading', { level: 1, name: 'Registration Started!' }).waitFor();
          await page.getByText(`We sent it to ${email}.`).waitFor();
          await mail.waitFor(email);
          await expectWellShown(page);

          await page.getByRole('button', { name: 'Send the email again' }).click();
          await page
            .getByRole('status')
            .getByText(`We've sent the email again to ${email}. It can take a few minutes to arrive.`)
            .waitFor();
          const again = await mail.waitFor(email);
          expect(again.subject).toBe('Complete your registration | Jigsaw Club');
          await shot(page, `registration-${width.name}`);
          await expectWellShown(page);

          // The address's allowance used up (from elsewhere): the refusal stays on the page, in words.
          for (let sent = 2; sent < ACCOUNT_EMAILS_PER_ADDRESS; sent++) {
            await server.app.inject({ method: 'POST', url: '/api/auth/register-email', payload: { email } });
          }
          await page.getByRole('button', { name: 'Send the email again' }).click();
          const refused = page.getByRole('alert').filter({ hasText: 'The email was not sent again' });
          await refused.getByText('Too many e-mails have been asked for this address.', { exact: false }).waitFor();
          await expectWellShown(page);

          // Opened without the Join form (a bookmark, another browser): it asks for the address.
          await page.goto('about:blank');
          await page.goto(`${server.url}/registration-success`);
          await page.getByRole('heading', { level: 1, name: 'Registration Started!' }).waitFor();
          expect(await page.getByText('We sent it to').count()).toBe(0);
          const other = `other.${email}`;
          await page.getByLabel('Email address').fill(other);
          await page.getByRole('button', { name: 'Send the email again' }).click();
          await page.getByText(`We've sent the email again to ${other}.`, { exact: false }).waitFor();
          expect((await mail.waitFor(other)).subject).toBe('Complete your registration | Jigsaw Club');
          await expectWellShown(page);
          await page.context().close();
        },
      );

      it("b: a picture whose file is missing says 'No photo' on cards, the puzzle page, favourites, trades, messages and avatars", async () => {
        const gone = (name: string) => `/uploads/gone-${name}-${sequence}.webp`;
        const owner = await member(width, 'Walter', 'Hughes', { avatarUrl: gone('avatar') });
        const me = await member(width, 'Dorothy', 'Baxter');
        const title = `Harbour Lights (${width.name})`;
        const listing = await createListing(server.database.db, owner.id, {
          title,
          puzzleImageUrl: gone('puzzle'),
          boxImageUrl: gone('box'),
        });
        await apiAs(server, me, 'POST', `/api/favorites/${listing.id}`);
        const { id: tradeId } = await trade(me, listing.id);

        /**
         * 'No photo' in words in `scope` (each of `count` places), every one shown whole inside its
         * picture's box, and no broken picture anywhere on the page.
         */
        const expectNoPhoto = async (page: Page, scope: Locator, count = 1) => {
          const words = scope.getByText('No photo', { exact: true });
          await words.first().waitFor();
          expect(await words.count()).toBe(count);
          for (const one of await words.all()) {
            expect(await one.isVisible()).toBe(true);
            const clipped = await one.evaluate((el) => {
              const inner = el.getBoundingClientRect();
              const outer = el.parentElement!.parentElement!.getBoundingClientRect();
              return (
                inner.left < outer.left - 1 ||
                inner.right > outer.right + 1 ||
                inner.top < outer.top - 1 ||
                inner.bottom > outer.bottom + 1
              );
            });
            expect(clipped, `'No photo' runs out of its box on ${page.url()}`).toBe(false);
          }
          const broken = await page.evaluate(
            () =>
              [...document.images].filter((img) => img.complete && img.naturalWidth === 0 && img.checkVisibility())
                .length,
          );
          expect(broken, `${page.url()} shows a broken picture`).toBe(0);
        };

        const page = await open(width, me, '/favorites', [MISSING_PICTURE]);
        await expectNoPhoto(page, page.getByRole('article').filter({ hasText: title }));
        await expectWellShown(page);

        await page.goto(`${server.url}/puzzle/${listing.id}`);
        const images = page.getByRole('region', { name: 'Images' });
        // The large picture and both thumbnails.
        await expectNoPhoto(page, images, 3);
        await shot(page, `no-photo-puzzle-${width.name}`);
        await expectWellShown(page);

        await page.goto(`${server.url}/trades?trade=${tradeId}`);
        await expectNoPhoto(page, page.getByRole('article').filter({ hasText: title }));
        await expectWellShown(page);

        // The conversations list (on a phone it gives way to an open conversation).
        await page.goto(`${server.url}/messages`);
        await expectNoPhoto(page, page.getByRole('button').filter({ hasText: `Trade request: ${title}` }));
        await shot(page, `no-photo-messages-${width.name}`);
        await expectWellShown(page);

        await page.goto(`${server.url}/members/${owner.id}`);
        await page.getByRole('heading', { level: 1, name: /Walter H\./ }).waitFor();
        await expectNoPhoto(page, page.getByRole('main'));
        await expectWellShown(page);
        await page.context().close();
      });

      /**
       * The toast after an action is on screen, in the notifications region, readable, and clear
       * of every control given (the one she used and the one she needs next) and of the top bar.
       */
      async function expectToastClear(page: Page, title: string, controls: Locator[], name: string): Promise<void> {
        const toast = page.locator('li.toast').filter({ hasText: title });
        await toast.waitFor();
        await shot(page, `toast-${name}-${width.name}`);
        const region = page.getByRole('region', { name: /^Notifications/ });
        expect(await region.locator('li.toast').filter({ hasText: title }).count()).toBe(1);
        expect(await toast.isVisible()).toBe(true);
        expect(await toast.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThanOrEqual(16);
        const banner = page.getByRole('banner');
        for (const control of [...controls, ...(await banner.getByRole('link').all())]) {
          if (!(await control.isVisible())) continue;
          const name = (await control.innerText()) || (await control.getAttribute('aria-label'));
          await expect
            .poll(async () => overlaps((await toast.boundingBox())!, (await control.boundingBox())!), {
              message: `the toast '${title}' covers '${name}'`,
            })
            .toBe(false);
        }
        await expectNoA11yViolations(page);
      }

      it('c: toasts never cover the control she needs next: after sending a message, requesting and saving', async () => {
        const owner = await member(width, 'Walter', 'Hughes');
        const me = await member(width, 'Dorothy', 'Baxter');
        const first = await createListing(server.database.db, owner.id, { title: `Seaside Huts (${width.name})` });
        const second = await createListing(server.database.db, owner.id, { title: `Bluebell Wood (${width.name})` });
        const { threadId } = await trade(me, first.id, 'Hello Walter');

        const page = await open(width, me, `/messages?thread=${threadId}`);
        const reply = page.getByLabel('Your reply');
        await reply.fill('Thank you, it will go to a good home.');
        await page.getByRole('button', { name: 'Send', exact: true }).click();
        await expectToastClear(
          page,
          'Message sent',
          [reply, page.getByRole('button', { name: 'Send', exact: true })],
          'message',
        );

        await page.goto(`${server.url}/puzzle/${second.id}`);
        await page.getByRole('button', { name: 'Request Puzzle' }).click();
        const dialog = page.getByRole('dialog', { name: 'Request Puzzle' });
        await dialog.getByRole('button', { name: 'Send Request' }).click();
        await dialog.waitFor({ state: 'detached' });
        const seeTrade = page.getByRole('link', { name: 'See your trade' });
        await seeTrade.waitFor();
        await expectToastClear(page, 'Trade Request Sent!', [seeTrade], 'request');

        await page.goto(`${server.url}/profile?edit=true`);
        const save = page.getByRole('button', { name: 'Save Profile' });
        await save.click();
        const saved = page.locator('li.toast');
        await saved.waitFor();
        // Its title, whatever the profile's own words are.
        const savedTitle = (await saved.innerText()).split('\n')[0]!;
        // Saved, the page shows the profile again: Edit Profile is the next control.
        await expectToastClear(page, savedTitle, [save, page.getByRole('button', { name: 'Edit Profile' })], 'save');
        await page.context().close();
      });

      it.skipIf(width.largest)(
        "d: a trade's system messages say 'You …' to the member who acted and name them to the other",
        async () => {
          const owner = await member(width, 'Walter', 'Hughes');
          const me = await member(width, 'Dorothy', 'Baxter');
          const listing = await createListing(server.database.db, owner.id, { title: `Old Mill (${width.name})` });
          const { id, threadId } = await trade(me, listing.id);
          await step(owner, id, 'accept');

          const mine = await open(width, me, `/messages?thread=${threadId}`);
          await mine.getByText('You asked for "Old Mill', { exact: false }).waitFor();
          await mine.getByText('Walter H. accepted the request.', { exact: false }).waitFor();
          expect(await mine.getByText('Dorothy B. asked for', { exact: false }).count()).toBe(0);
          await expectWellShown(mine);
          await mine.context().close();

          const theirs = await open(width, owner, `/messages?thread=${threadId}`);
          await theirs.getByText('Dorothy B. asked for "Old Mill', { exact: false }).waitFor();
          await theirs.getByText('You accepted the request.', { exact: false }).waitFor();
          await theirs.getByText('You can now see the delivery address.', { exact: false }).waitFor();
          await expectWellShown(theirs);
          await theirs.context().close();
        },
      );

      it.skipIf(width.largest)(
        "e: the 'New request' e-mail's note is there, and its link opens that very trade",
        async () => {
          const owner = await member(width, 'Walter', 'Hughes');
          const me = await member(width, 'Dorothy', 'Baxter');
          const title = `Castle in Snow (${width.name})`;
          const listing = await createListing(server.database.db, owner.id, { title });
          const { id } = await trade(me, listing.id, 'For my grandson, who loves castles.');
          const email = await mail.waitFor(owner.email, { subject: 'New request' });
          expect(email.text).toContain('Dorothy B. wrote: "For my grandson, who loves castles."');
          const link = email.text.match(/^http\S+\/trades\?trade=\d+$/m)![0];
          expect(link).toBe(`${server.url}/trades?trade=${id}`);

          const page = await open(width, owner, new URL(link).pathname + new URL(link).search);
          const card = page.getByRole('article').filter({ hasText: 'The trade you opened' });
          await card.getByRole('link', { name: title }).waitFor();
          await card.getByText('For my grandson, who loves castles.', { exact: false }).waitFor();
          await expectWellShown(page);
          await page.context().close();
        },
      );

      it('f: the feedback form says the comment is required before she sends', async () => {
        const owner = await member(width, 'Walter', 'Hughes');
        const me = await member(width, 'Dorothy', 'Baxter');
        const listing = await createListing(server.database.db, owner.id, { title: `Tea Party (${width.name})` });
        const { id } = await trade(me, listing.id);
        await step(owner, id, 'accept');
        await step(owner, id, 'ship');
        await step(me, id, 'confirm-delivery');

        const page = await open(width, me, `/trades?trade=${id}`);
        const card = page.getByRole('article').filter({ hasText: 'The trade you opened' });
        const comment = card.getByLabel('Comment', { exact: true });
        await comment.waitFor();
        const required = card.getByText('Required.', { exact: true });
        expect(await required.isVisible()).toBe(true);
        expect(await describedText(comment)).toContain('Required. A few words about how the trade went');
        expect(await comment.getAttribute('aria-required')).toBe('true');
        // Said before sending: no error yet, and the word sits between the label and the box.
        expect(await card.getByText('Comment is required').count()).toBe(0);
        const [label, word, box] = await Promise.all([
          card.getByText('Comment', { exact: true }).boundingBox(),
          required.boundingBox(),
          comment.boundingBox(),
        ]);
        expect(word!.y).toBeGreaterThanOrEqual(label!.y);
        expect(word!.y).toBeLessThan(box!.y);
        await shot(page, `feedback-${width.name}`);
        await expectWellShown(page);
        await page.context().close();
      });

      it.skipIf(width.largest)('g: My Trades opens on the tab that needs her, and ?tab= still wins', async () => {
        const owner = await member(width, 'Walter', 'Hughes');
        const me = await member(width, 'Dorothy', 'Baxter');
        const mine = await createListing(server.database.db, me.id, { title: `Rose Garden (${width.name})` });
        const theirs = await createListing(server.database.db, owner.id, { title: `Steam Train (${width.name})` });
        // She has asked for a puzzle (nothing for her to do) and has a request waiting for her answer.
        await trade(me, theirs.id);
        await trade(owner, mine.id);

        const tab = (page: Page, name: RegExp) => page.getByRole('tab', { name });
        const page = await open(width, me, '/trades');
        await expect.poll(() => tab(page, /^Requests for my puzzles/).getAttribute('aria-selected')).toBe('true');
        await page.getByText(`Rose Garden (${width.name})`).first().waitFor();
        await expectWellShown(page);

        await page.goto(`${server.url}/trades?tab=requester`);
        await page.getByText(`Steam Train (${width.name})`).first().waitFor();
        expect(await tab(page, /^Requests I made/).getAttribute('aria-selected')).toBe('true');

        // A tab she picks goes into the address, so a reload keeps it.
        await tab(page, /^Requests for my puzzles/).click();
        await page.waitForURL(/[?&]tab=owner/);
        await page.reload();
        await expect.poll(() => tab(page, /^Requests for my puzzles/).getAttribute('aria-selected')).toBe('true');
        await expectWellShown(page);
        await page.context().close();

        // Nothing waiting for him (his own request waits for Dorothy): the usual first tab.
        const asker = await member(width, 'Colin', 'Ward');
        await trade(asker, mine.id);
        const his = await open(width, asker, '/trades');
        await his.getByText(`Rose Garden (${width.name})`).first().waitFor();
        expect(await tab(his, /^Requests I made/).getAttribute('aria-selected')).toBe('true');
        await his.context().close();
      });
    });
  });
}
