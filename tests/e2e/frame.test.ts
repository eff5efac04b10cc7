import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';

import {
  expectNoA11yViolations,
  fakeUnreadMessages,
  launchBrowser,
  newWatchedPage,
  preloadedPageChunks,
} from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

// The landing page, the 404 page and the member page frame (docs/product/design.md#the-page-frame, docs/product/screens.md), in real
// Chromium against the real app serving the built client.

const skipReason = inject('skipBrowserReason');
const NARROW = { width: 375, height: 800 };
const WIDE = { width: 1280, height: 900 };

describe.skipIf(skipReason)('page frame and landing page', () => {
  let server: TestServer;
  let browser: Browser;
  let visitor: BrowserContext;
  let member: BrowserContext;
  const memberEmail = 'frame.member@example.org';

  beforeAll(async () => {
    [server, browser] = await Promise.all([startTestServer(), launchBrowser()]);
    visitor = await browser.newContext({ viewport: WIDE });
    member = await browser.newContext({ viewport: NARROW });
    const { cookie } = await server.createMemberSession(memberEmail);
    await member.addCookies([cookie]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  async function open(context: BrowserContext, path: string): Promise<Page> {
    const page = await newWatchedPage(context);
    await page.goto(`${server.url}${path}`);
    return page;
  }

  describe('a visitor', () => {
    it('sees the landing page: title, section anchors, Sign In / Join Now, three steps, footer groups', async () => {
      const page = await open(visitor, '/');
      await page.getByRole('heading', { level: 1, name: 'The Premier Jigsaw Free-Trading Club' }).waitFor();

      for (const [name, href] of [
        ['How It Works', '#how-it-works'],
        ['About', '#about'],
        ['Contact', '#contact'],
      ]) {
        const anchor = page.getByRole('navigation', { name: 'Page sections' }).getByRole('link', { name, exact: true });
        expect(await anchor.getAttribute('href')).toBe(href);
      }
      expect(await page.getByRole('button', { name: 'Sign In', exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Join Now', exact: true }).isVisible()).toBe(true);

      const steps = page.locator('#how-it-works').getByRole('listitem');
      expect(await steps.count()).toBe(3);
      for (const step of ['Join the Club', 'Trade Puzzles', 'Enjoy New Puzzles']) {
        expect(await page.getByRole('heading', { level: 3, name: step }).isVisible()).toBe(true);
      }
      expect(await page.getByText("List completed puzzles and browse others' collections.").isVisible()).toBe(true);

      const footer = page.getByRole('contentinfo');
      for (const group of ['Quick Links', 'Support', 'Legal']) {
        expect(await footer.getByRole('navigation', { name: group }).isVisible()).toBe(true);
      }
      // No member navigation for visitors.
      expect(await page.getByRole('navigation', { name: 'Main' }).count()).toBe(0);

      // Legal > Membership Terms leads to the terms the Join dialog asks visitors to accept.
      const termsLink = footer
        .getByRole('navigation', { name: 'Legal' })
        .getByRole('link', { name: 'Membership Terms' });
      expect(await termsLink.getAttribute('href')).toBe('#membership-terms');
      await termsLink.click();
      const terms = page.getByRole('region', { name: 'Membership Terms' });
      // Scrolled to: its heading is on screen (at the top, unless the page ends first).
      const inView = await terms.getByRole('heading', { name: 'Membership Terms' }).evaluate((el) => {
        const { top, bottom } = el.getBoundingClientRect();
        return top >= 0 && bottom <= window.innerHeight && window.scrollY > 0;
      });
      expect(inView).toBe(true);
      for (const text of ['aged 50 and over', 'missing pieces', 'no cash value', 'suspend']) {
        expect(await terms.innerText(), text).toContain(text);
      }

      await expectNoA11yViolations(page);
      await page.close();
    });

    it('opens the Sign In and Join dialogs, which close with Escape and give focus back', async () => {
      const page = await open(visitor, '/');
      const signIn = page.getByRole('button', { name: 'Sign In', exact: true });
      await signIn.click();
      const dialog = page.getByRole('dialog', { name: 'Sign In' });
      await dialog.getByLabel('Email address').waitFor();
      await expectNoA11yViolations(page);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'hidden' });
      // Radix hands the focus back a moment after the dialog has gone.
      await expect.poll(() => signIn.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.getByRole('button', { name: 'Join Now', exact: true }).click();
      const join = page.getByRole('dialog', { name: 'Join' });
      await join.waitFor();
      await join.getByRole('button', { name: 'Close' }).click();
      await join.waitFor({ state: 'hidden' });
      await page.close();
    });

    it('is sent from a member-only page to /, and asked to sign in', async () => {
      const page = await open(visitor, '/profile');
      await page.getByRole('dialog', { name: 'Sign In' }).getByText('Please sign in to see this page').waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      await page.close();
    });

    it('sees 404 Page Not Found without navigation on an unknown path', async () => {
      const page = await open(visitor, '/no-such-page/at-all');
      await page.getByRole('heading', { level: 1, name: '404 Page Not Found' }).waitFor();
      expect(await page.getByRole('navigation').count()).toBe(0);
      expect(await page.getByRole('banner').count()).toBe(0);
      expect(await page.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
      await expectNoA11yViolations(page);
      await page.close();
    });

    it('sees no navigation on the pages reached from e-mailed links', async () => {
      const page = await newWatchedPage(visitor);
      for (const path of ['/reset-password', '/verify-email', '/registration-success', '/login-link']) {
        await page.goto(`${server.url}${path}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        expect(await page.getByRole('navigation').count(), path).toBe(0);
        expect(await page.getByRole('banner').count(), path).toBe(0);
      }
      await expectNoA11yViolations(page);
      await page.close();
    });

    it('sees a full-screen spinner while the club checks who is signed in', async () => {
      const page = await newWatchedPage(visitor);
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/auth/user', async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${server.url}/`);
      const spinner = page.getByRole('status');
      await spinner.waitFor();
      expect(await spinner.innerText()).toBe('Loading…');
      release();
      await page.getByRole('heading', { level: 1, name: 'The Premier Jigsaw Free-Trading Club' }).waitFor();
      expect(await spinner.count()).toBe(0);
      await page.close();
    });
  });

  describe('a member on a narrow screen (375px)', () => {
    it('sees the club’s name, and the menu lists every link, the e-mail and Sign Out', async () => {
      const page = await open(member, '/browse-puzzles');
      await page.getByRole('heading', { level: 1, name: 'Browse Puzzles' }).waitFor();
      const banner = page.getByRole('banner');
      // The full name fits a phone (issue 14), and every control has its word.
      expect(await banner.getByText('Jigsaw Club', { exact: true }).isVisible()).toBe(true);
      expect(await banner.getByText('JClub').count()).toBe(0);
      // The wide-screen links are hidden; no unread badge at 0.
      expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
      expect(await page.getByText(/unread message/).count()).toBe(0);

      await banner.getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      await menu.waitFor();
      expect(await menu.getByText(memberEmail).isVisible()).toBe(true);
      const names = await menu.getByRole('link').allInnerTexts();
      expect(names.map((n) => n.trim())).toEqual([
        'Home',
        'Browse',
        'List Puzzle',
        'My Listings',
        'Community',
        'My Trades',
        'Wanted',
        'Messages',
        'Notifications',
        'Profile',
        'Help',
      ]);
      expect(await menu.getByRole('link', { name: 'Browse' }).getAttribute('aria-current')).toBe('page');
      expect(await menu.getByRole('button', { name: 'Sign Out' }).isVisible()).toBe(true);
      expect(await menu.getByText(/unread message/).count()).toBe(0);
      await expectNoA11yViolations(page);

      // Escape closes it and gives focus back to the Menu button; it opens again.
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden' });
      expect(await banner.getByRole('button', { name: 'Menu' }).evaluate((el) => el === document.activeElement)).toBe(
        true,
      );
      await banner.getByRole('button', { name: 'Menu' }).click();
      await menu.waitFor();

      await menu.getByRole('link', { name: 'Community' }).click();
      await menu.waitFor({ state: 'hidden' });
      await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/community');
      await expectNoA11yViolations(page);
      await page.close();
    });

    it('sees the unread count on Messages, capped at 9+, and read out in full', async () => {
      const page = await newWatchedPage(member);
      await fakeUnreadMessages(page, 12);
      await page.goto(`${server.url}/messages`);
      const messages = page.getByRole('banner').getByRole('link', { name: 'Messages (12 unread messages)' });
      await messages.waitFor();
      expect(await messages.innerText()).toContain('9+');
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      expect(await menu.getByRole('link', { name: 'Messages (12 unread messages)' }).isVisible()).toBe(true);
      await expectNoA11yViolations(page);
      await page.close();
    });

    // 640px is a 1280px screen at 200% zoom; 320px is the narrowest phone.
    it('does not scroll sideways at 320px or 640px', async () => {
      const memberPage = await newWatchedPage(member);
      const visitorPage = await newWatchedPage(visitor);
      for (const width of [320, 640]) {
        for (const [page, path] of [
          [memberPage, '/'],
          [memberPage, '/community'],
          [visitorPage, '/'],
        ] as const) {
          await page.setViewportSize({ width, height: 800 });
          await page.goto(`${server.url}${path}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
          expect(overflow, `${path} at ${width}px`).toBeLessThanOrEqual(0);
        }
      }
      await memberPage.close();
      await visitorPage.close();
    });
  });

  describe('a member on a wide screen (1280px)', () => {
    it('sees the five links, Messages, Profile and Sign out in the top bar, and the footer', async () => {
      const page = await open(member, '/');
      await page.setViewportSize(WIDE);
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Margaret' }).waitFor();

      const nav = page.getByRole('navigation', { name: 'Main' });
      expect((await nav.getByRole('link').allInnerTexts()).map((n) => n.trim())).toEqual([
        'Home',
        'Browse',
        'List Puzzle',
        'My Listings',
        'Community',
        'My Trades',
        'Wanted',
      ]);
      expect(await nav.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBe('page');
      const banner = page.getByRole('banner');
      expect(await banner.getByText('Jigsaw Club', { exact: true }).isVisible()).toBe(true);
      expect(await banner.getByRole('link', { name: 'Messages' }).isVisible()).toBe(true);
      expect(await banner.getByRole('link', { name: 'Profile' }).isVisible()).toBe(true);
      expect(await banner.getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
      expect(await banner.getByRole('button', { name: 'Menu' }).isVisible()).toBe(false);

      const footer = page.getByRole('contentinfo');
      for (const text of ['v1.0.7', 'Secure Platform', '© 2024 Jigsaw Club', 'aged 50 and over']) {
        expect(await footer.getByText(text).isVisible(), text).toBe(true);
      }
      expect(await footer.getByRole('link', { name: 'Member Directory' }).getAttribute('href')).toBe(
        '/member-directory',
      );
      expect(await footer.getByRole('link', { name: 'My Favorites' }).getAttribute('href')).toBe('/favorites');

      await expectNoA11yViolations(page);
      await page.close();
    });

    it('keeps the top bar in view on a tall screen, and lets it scroll away at 200% zoom', async () => {
      const page = await open(member, '/');
      await page.getByRole('heading', { level: 1, name: 'Welcome back, Margaret' }).waitFor();
      const barAfterScrolling = () =>
        page.evaluate(() => {
          window.scrollTo(0, 300);
          return { scrolled: window.scrollY, top: document.querySelector('header')!.getBoundingClientRect().top };
        });
      await page.setViewportSize(WIDE);
      const tall = await barAfterScrolling();
      expect(tall.scrolled).toBeGreaterThan(0);
      expect(tall.top).toBe(0);
      // 1280 x 800 at 200%: a page 400 px high, where a fixed bar would keep a third of it.
      await page.setViewportSize({ width: 640, height: 400 });
      expect((await barAfterScrolling()).top).toBeLessThan(0);
      await page.close();
    });
  });

  describe('the admin page', () => {
    it('asks a visitor to log in and tells a member they are not an admin', async () => {
      const page = await open(visitor, '/admin');
      await page.getByText('Please log in to access the admin panel.').waitFor();
      await page.close();

      const memberPage = await open(member, '/admin');
      await memberPage.getByRole('heading', { level: 1, name: 'Access Denied' }).waitFor();
      expect(await memberPage.getByText("You don't have admin privileges to access this page.").isVisible()).toBe(true);
      // Not an admin: no Admin link anywhere in the frame.
      expect(await memberPage.getByRole('link', { name: /^Admin/ }).count()).toBe(0);
      await memberPage.close();
    });
  });

  describe('an admin', () => {
    it('sees Admin on the top bar and Admin Panel in the menu', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const { cookie } = await server.createMemberSession('frame.admin@example.org', { isAdmin: true });
      await context.addCookies([cookie]);
      const page = await newWatchedPage(context);
      await page.goto(`${server.url}/admin`);
      await page.getByRole('heading', { level: 1, name: 'Admin' }).waitFor();
      const nav = page.getByRole('navigation', { name: 'Main' });
      expect(await nav.getByRole('link', { name: 'Admin' }).getAttribute('aria-current')).toBe('page');

      await page.setViewportSize(NARROW);
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      const menu = page.getByRole('dialog', { name: 'Menu' });
      expect(await menu.getByRole('link', { name: 'Admin Panel' }).isVisible()).toBe(true);
      await context.close();
    });
  });

  describe('signing out', () => {
    it('goes to the landing page', async () => {
      const context = await browser.newContext({ viewport: WIDE });
      const { cookie } = await server.createMemberSession('frame.leaver@example.org');
      await context.addCookies([cookie]);
      const page = await newWatchedPage(context);
      await page.goto(`${server.url}/community`);
      await page.getByRole('heading', { level: 1, name: 'Community' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.getByRole('heading', { level: 1, name: 'The Premier Jigsaw Free-Trading Club' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');

      // The session is over on the server too: a reload still shows the landing page.
      await page.reload();
      await page.getByRole('heading', { level: 1, name: 'The Premier Jigsaw Free-Trading Club' }).waitFor();
      await context.close();
    });

    it('goes to the landing page even when the sign-out call fails', async () => {
      const context = await browser.newContext({ viewport: NARROW });
      const { cookie } = await server.createMemberSession('frame.unlucky@example.org');
      await context.addCookies([cookie]);
      const page = await newWatchedPage(context, [{ text: /status of 503/, url: /\/api\/auth\/logout$/ }]);
      await page.route('**/api/auth/logout', (route) =>
        route.fulfill({ status: 503, json: { message: 'Service unavailable' } }),
      );
      const warnings: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'warning') warnings.push(message.text());
      });
      await page.goto(`${server.url}/profile`);
      await page.getByRole('heading', { level: 1, name: 'Your Profile' }).waitFor();
      await page.getByRole('banner').getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Sign Out' }).click();
      await page.getByRole('heading', { level: 1, name: 'The Premier Jigsaw Free-Trading Club' }).waitFor();
      expect(new URL(page.url()).pathname).toBe('/');
      expect(warnings.some((w) => w.includes('Sign-out call failed'))).toBe(true);
      await expectNoA11yViolations(page);
      await context.close();
    });
  });
  // A page opened afresh (from an e-mail's link, say) is drawn once its code is here
  // (router.tsx, startFirstPage and FIRST_DRAW_CODE): a spinner of React's while its code was
  // still coming stayed up at least 300 ms (docs/performance.md, 'The first draw held back
  // 300 ms').
  it('a member’s page opened afresh is first drawn with its code already here, not as a spinner', async () => {
    for (const [address, chunk, heading] of [
      ['/trades', 'trades-page', 'My Trades'],
      ['/notifications', 'notifications-page', 'Notifications'],
    ] as const) {
      const page = await newWatchedPage(member);
      await page.addInitScript(() => {
        const seen = { firstDrawAt: 0 };
        Object.assign(window, { seen });
        new MutationObserver((records) => {
          // React's first draw takes index.html's own spinner out of #root; the parser only adds
          // (and its records can come after the page has finished loading).
          if (seen.firstDrawAt > 0) return;
          if (records.some((r) => r.target instanceof Element && r.target.id === 'root' && r.removedNodes.length > 0)) {
            seen.firstDrawAt = performance.now();
          }
        }).observe(document, { childList: true, subtree: true });
      });
      await page.goto(`${server.url}${address}`);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      const { firstDrawAt, codeArrivedAt } = await page.evaluate(
        (name) => ({
          firstDrawAt: (window as unknown as { seen: { firstDrawAt: number } }).seen.firstDrawAt,
          codeArrivedAt: (performance.getEntriesByType('resource') as PerformanceResourceTiming[]).find((entry) =>
            new URL(entry.name).pathname.startsWith(`/assets/${name}-`),
          )?.responseEnd,
        }),
        chunk,
      );
      expect(codeArrivedAt, address).toBeGreaterThan(0);
      expect(firstDrawAt, address).toBeGreaterThan(codeArrivedAt!);
      await expectNoA11yViolations(page);
      await page.close();
    }
  });

  // A member's community and Wanted pages bring their code with the entry (static-client.ts,
  // PAGE_PRELOADS), named from the build's own manifest; home brings none of the landing page's.
  it('a member’s community and Wanted pages are sent with their code preloaded', async () => {
    const page = await newWatchedPage(member);
    for (const [address, preloaded] of [
      ['/community', ['community-page', 'page-frame']],
      ['/wanted', ['page-frame', 'wanted-page']],
      ['/', []],
    ] as const) {
      expect(await preloadedPageChunks(page, `${server.url}${address}`), address).toEqual([...preloaded]);
    }
    await page.close();
  });
});
