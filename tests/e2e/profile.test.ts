import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Locator, Page } from 'playwright-core';
import { eq } from 'drizzle-orm';
import { users } from '../../src/server/db/schema';
import { startAddressProvider, type AddressProvider } from '../support/address-provider';
import { expectNoA11yViolations, launchBrowser, newWatchedPage, type ExpectedConsoleError } from '../support/browser';
import { startTestServer, type TestServer } from '../support/server';

// The profile page (docs/product/members.md#profile-and-address): the UK postcode lookup against a stand-in
// getAddress.io provider, an address typed by hand for the United States, the product's
// validation messages, and the whole form done with the keyboard alone. axe on every state.

const skipReason = inject('skipBrowserReason');
const WIDE = { width: 1280, height: 900 };

/** A member whose address is still empty (and so whose profile is incomplete). */
const EMPTY_ADDRESS = {
  line_1: null,
  line_2: null,
  locality: null,
  town_or_city: null,
  county: null,
  postcode: null,
  phone: null,
  profileCompleted: false,
};

describe.skipIf(skipReason)('the profile page', () => {
  let provider: AddressProvider;
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    provider = await startAddressProvider();
    [server, browser] = await Promise.all([
      startTestServer({ addressLookup: { url: provider.url, key: provider.key } }),
      launchBrowser(),
    ]);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await provider?.close();
  });

  /** A signed-in member's page at path. */
  async function openAs(
    email: string,
    overrides: Parameters<TestServer['createMemberSession']>[1],
    path: string,
    expected: ExpectedConsoleError[] = [],
  ): Promise<{ page: Page; memberId: number }> {
    const { cookie, memberId } = await server.createMemberSession(email, overrides);
    const context = await browser.newContext({ viewport: WIDE });
    await context.addCookies([cookie]);
    const page = await newWatchedPage(context, expected);
    await page.goto(`${server.url}${path}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    return { page, memberId };
  }

  async function expectToast(page: Page, title: string, description: string): Promise<void> {
    const toast = page.locator('li.toast').filter({ hasText: title });
    await toast.waitFor();
    expect(await toast.innerText()).toContain(description);
  }

  /** The field's error text, found through its aria-describedby. */
  async function describedError(field: Locator): Promise<string> {
    expect(await field.getAttribute('aria-invalid')).toBe('true');
    const ids = (await field.getAttribute('aria-describedby'))?.split(' ') ?? [];
    const texts = await Promise.all(ids.map((id) => field.page().locator(`[id="${id}"]`).innerText()));
    return texts.join(' ');
  }

  const badge = (page: Page, text: 'Complete' | 'Incomplete') => page.getByText(text, { exact: true });
  // The address suggestions (the page's other radios choose the text size).
  const addressChoices = (page: Page) => page.getByRole('form', { name: 'Edit profile' }).getByRole('radio');

  it('fills the address through the postcode lookup, saves, and shows Complete after a reload', async () => {
    const { page, memberId } = await openAs('lookup@example.org', EMPTY_ADDRESS, '/profile?edit=true');
    expect(await page.getByRole('button', { name: 'Save Profile' }).isVisible()).toBe(true);
    await badge(page, 'Incomplete').waitFor();
    for (const section of [
      'Personal Information',
      'Address Information',
      'Puzzle Preferences',
      'Account Information',
    ]) {
      expect(await page.getByRole('heading', { level: 2, name: section }).isVisible(), section).toBe(true);
    }
    // Account Information is read-only: the e-mail address is shown, not offered for editing.
    expect(await page.getByText('lookup@example.org', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole('textbox', { name: /email/i }).count()).toBe(0);
    expect(await page.getByText(/^\d+ PuzzlePoints?$/).innerText()).toBe('5 PuzzlePoints');
    // The piece-count inputs offer 50 to 10000.
    const minPieces = page.getByLabel('Minimum piece count');
    const maxPieces = page.getByLabel('Maximum piece count');
    expect([await minPieces.getAttribute('min'), await minPieces.getAttribute('max')]).toEqual(['50', '10000']);
    expect([await maxPieces.getAttribute('min'), await maxPieces.getAttribute('max')]).toEqual(['50', '10000']);
    await expectNoA11yViolations(page);

    // The product's messages, under the fields and read with them.
    const firstName = page.getByLabel('First name');
    const lastName = page.getByLabel('Last name');
    await firstName.fill('  ');
    await lastName.fill('');
    await minPieces.fill('40');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await page.getByText('First name is required').waitFor();
    expect(await describedError(firstName)).toBe('First name is required');
    expect(await describedError(lastName)).toBe('Last name is required');
    expect(await describedError(minPieces)).toBe('Leave empty for 100. Minimum pieces must be at least 100');
    await expectNoA11yViolations(page);

    await firstName.fill('Dorothy');
    await lastName.fill('Pembroke');
    await page.getByLabel('Phone number').fill('01632 960555');
    // Emptied piece counts fall back to 100 and 5000.
    await minPieces.fill('');
    await maxPieces.fill('');

    // Until a lookup, only the postcode is asked for.
    expect(await page.getByLabel('Address line 1').count()).toBe(0);
    const postcode = page.getByLabel('Postcode', { exact: true });
    await postcode.fill(' sw1a1aa ');
    await page.getByRole('button', { name: 'Find address' }).click();
    const suggestion = page.getByRole('radio', { name: 'Buckingham Palace, London' });
    await suggestion.waitFor();
    expect(await page.getByRole('radio', { name: 'Enter address manually' }).isVisible()).toBe(true);
    expect(await page.getByRole('status').filter({ hasText: 'address found' }).innerText()).toBe(
      '1 address found for SW1A1AA. Choose it below.',
    );
    // The postcode was normalised (docs/product/screens.md#profile: upper case, single spaces, trimmed) first.
    expect(await postcode.inputValue()).toBe('SW1A1AA');
    expect(provider.requests.at(-1)).toMatchObject({ postcode: 'SW1A1AA', apiKey: provider.key, expand: 'true' });
    await expectNoA11yViolations(page);

    await suggestion.check();
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('Buckingham Palace');
    expect(await page.getByLabel('Town or city').inputValue()).toBe('London');
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile updated', 'Your profile has been successfully updated.');
    // Back to the view, with the badge already up to date.
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await badge(page, 'Complete').waitFor();
    expect(
      await page.getByRole('button', { name: 'Edit Profile' }).evaluate((el) => el === document.activeElement),
    ).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await badge(page, 'Complete').waitFor();
    const main = page.getByRole('main');
    for (const text of [
      'Dorothy Pembroke',
      '01632 960555',
      'Buckingham Palace',
      'London',
      'SW1A1AA',
      '100 to 5,000 pieces',
    ]) {
      expect(await main.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await expectNoA11yViolations(page);

    const [row] = await server.database.db.select().from(users).where(eq(users.id, memberId));
    expect(row).toMatchObject({
      firstName: 'Dorothy',
      lastName: 'Pembroke',
      line_1: 'Buckingham Palace',
      town_or_city: 'London',
      postcode: 'SW1A1AA',
      country: 'United Kingdom',
      minPieceCount: 100,
      maxPieceCount: 5000,
      profileCompleted: true,
    });
  });

  it('clears the address when the country changes, and saves a United States address typed by hand', async () => {
    // ?welcome=true opens the form too.
    const { page } = await openAs('abroad@example.org', {}, '/profile?welcome=true');
    expect(await page.getByRole('button', { name: 'Save Profile' }).isVisible()).toBe(true);
    await badge(page, 'Complete').waitFor();
    const country = page.getByLabel('Country');
    expect(await country.inputValue()).toBe('United Kingdom');
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('12 Orchard Lane');

    // United Kingdom, United States, a separator, then every other country A to Z.
    const options = await country
      .locator('option')
      .evaluateAll((list) =>
        (list as HTMLOptionElement[]).map((o) => ({ name: o.textContent ?? '', disabled: o.disabled })),
      );
    expect(options.slice(0, 3).map((o) => o.name.startsWith('─') || o.name)).toEqual([
      'United Kingdom',
      'United States',
      true,
    ]);
    expect(options[2]!.disabled).toBe(true);
    const rest = options.slice(3).map((o) => o.name);
    expect(rest.length).toBeGreaterThan(240);
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b, 'en-GB')));
    expect(rest).toContain('France');
    expect(rest).not.toContain('United Kingdom');

    await country.selectOption('United States');
    // Every address field shows at once, all emptied.
    for (const label of [
      'Address line 1',
      'Address line 2 (optional)',
      'Locality (optional)',
      'Town/City',
      'State/County',
      'Postal/ZIP Code',
    ]) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    }
    expect(await page.getByRole('button', { name: 'Find address' }).count()).toBe(0);
    await expectNoA11yViolations(page);

    await page.getByLabel('Address line 1').fill('350 Fifth Avenue');
    await page.getByLabel('Address line 2 (optional)').fill('Suite 3300');
    await page.getByLabel('Town/City').fill('New York');
    await page.getByLabel('State/County').fill('NY');
    await page.getByLabel('Postal/ZIP Code').fill('10118');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    await expectToast(page, 'Profile updated', 'Your profile has been successfully updated.');

    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await badge(page, 'Complete').waitFor();
    const main = page.getByRole('main');
    for (const text of ['United States', '350 Fifth Avenue', 'Suite 3300', 'New York', 'NY', '10118']) {
      expect(await main.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    expect(await main.getByText('Postal/ZIP Code', { exact: true }).isVisible()).toBe(true);
    await expectNoA11yViolations(page);

    // Back to the United Kingdom: the US address goes, and the postcode lookup is back.
    await page.getByRole('button', { name: 'Edit Profile' }).click();
    await page.getByLabel('Country').selectOption('United Kingdom');
    expect(await page.getByLabel('Postcode', { exact: true }).inputValue()).toBe('');
    expect(await page.getByLabel('Address line 1').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Find address' }).isVisible()).toBe(true);
  });

  it('offers only "Enter address manually" when the lookup fails, and the lines when nothing is found', async () => {
    const { page } = await openAs('fallback@example.org', EMPTY_ADDRESS, '/profile?edit=true', [
      { text: /status of 503/, url: /\/api\/postcode-lookup\// },
    ]);
    const postcode = page.getByLabel('Postcode', { exact: true });

    provider.setMode('error');
    try {
      await postcode.fill('HG1 2AB');
      // Enter in the postcode box looks it up (it does not save the form).
      await postcode.press('Enter');
      await page.getByText('Address lookup is not available. Please enter your address manually.').waitFor();
    } finally {
      provider.setMode('normal');
    }
    const radios = addressChoices(page);
    expect(await radios.count()).toBe(1);
    expect(await radios.first().getAttribute('name')).toBe('address-choice');
    // Already chosen, with the address lines open: no extra click before typing.
    expect(await page.getByRole('radio', { name: 'Enter address manually' }).isChecked()).toBe(true);
    await expectNoA11yViolations(page);
    await page.getByLabel('Address line 1').fill('1 Station Road');
    expect(await page.getByLabel('Town or city').isVisible()).toBe(true);

    // A real postcode with no addresses: the lines show straight away.
    await postcode.fill('zz9 9zz');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByText('No addresses found for ZZ9 9ZZ. Please enter your address below.').waitFor();
    expect(await addressChoices(page).count()).toBe(0);
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('1 Station Road');
    await expectNoA11yViolations(page);

    // Choosing a country empties the address and takes the suggestions away.
    await postcode.fill('HG1 2AB');
    await page.getByRole('button', { name: 'Find address' }).click();
    await page.getByRole('radio', { name: '12 Orchard Lane, Harrogate, North Yorkshire' }).check();
    await page.getByLabel('Country').selectOption('Ireland');
    await expect.poll(() => addressChoices(page).count()).toBe(0);
    for (const label of ['Address line 1', 'Town/City', 'State/County', 'Postal/ZIP Code']) {
      expect(await page.getByLabel(label, { exact: true }).inputValue(), label).toBe('');
    }
  });

  it("reads 'Saving...' on the save button while the save is in flight", async () => {
    const { page } = await openAs('saving@example.org', {}, '/profile?edit=true');
    // Hold the PATCH until the button has been seen in its pending state.
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => url.pathname === '/api/profile',
      async (route) => {
        if (route.request().method() !== 'PATCH') return route.fallback();
        await released;
        await route.continue();
      },
    );
    await page.getByLabel('First name').fill('Winifred');
    await page.getByRole('button', { name: 'Save Profile' }).click();
    const saving = page.getByRole('button', { name: 'Saving...' });
    await saving.waitFor();
    expect(await saving.getAttribute('aria-disabled')).toBe('true');
    expect(await page.getByRole('button', { name: 'Save Profile' }).count()).toBe(0);
    await expectNoA11yViolations(page);

    release();
    await expectToast(page, 'Profile updated', 'Your profile has been successfully updated.');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    expect(await page.getByRole('button', { name: 'Saving...' }).count()).toBe(0);
    await page.unrouteAll();
  });

  it('can be completed with the keyboard alone', async () => {
    const { page } = await openAs('keys@example.org', EMPTY_ADDRESS, '/profile');
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    await badge(page, 'Incomplete').waitFor();
    await expectNoA11yViolations(page);

    /** Presses Tab until the locator has focus (the way a keyboard user gets there). */
    async function tabTo(target: Locator, limit = 40): Promise<void> {
      for (let i = 0; i < limit; i += 1) {
        if (await target.evaluate((el) => el === document.activeElement)) return;
        await page.keyboard.press('Tab');
      }
      throw new Error(`Tab never reached ${target.toString()}`);
    }
    const isFocused = (target: Locator) => target.evaluate((el) => el === document.activeElement);

    await tabTo(page.getByRole('button', { name: 'Edit Profile' }));
    await page.keyboard.press('Enter');
    // Edit Profile puts the cursor in First name.
    const firstName = page.getByLabel('First name');
    await firstName.waitFor();
    expect(await isFocused(firstName)).toBe(true);
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Edith');
    await page.keyboard.press('Tab');
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('Crawley');
    await page.keyboard.press('Tab');
    expect(await isFocused(page.getByLabel('Phone number'))).toBe(true);
    await page.keyboard.type('01632 960777');

    await tabTo(page.getByLabel('Postcode', { exact: true }));
    await page.keyboard.type('hg1 2ab');
    await page.keyboard.press('Enter');
    await page.getByRole('radio', { name: '12 Orchard Lane, Harrogate, North Yorkshire' }).waitFor();
    // Tab reaches the list; Space picks the first address, the arrow keys move to the next.
    await tabTo(addressChoices(page).first());
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    const flat = page.getByRole('radio', { name: /^Flat 2, The Maltings/ });
    expect(await flat.isChecked()).toBe(true);
    expect(await page.getByLabel('Address line 1').inputValue()).toBe('Flat 2, The Maltings');
    expect(await page.getByLabel('Address line 2 (optional)').inputValue()).toBe('Maltings Yard, Orchard Lane');
    expect(await page.getByLabel('Locality (optional)').inputValue()).toBe('Bilton');
    await expectNoA11yViolations(page);

    const difficulty = page.getByLabel('Preferred difficulty');
    await tabTo(difficulty);
    await page.keyboard.press('ArrowDown');
    expect(await difficulty.inputValue()).toBe('beginner');

    await tabTo(page.getByLabel('Maximum piece count'));
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.type('2000');

    const firstBrand = page.getByRole('checkbox').first();
    const brandName = (await firstBrand.evaluate((el) => el.closest('label')?.textContent ?? '')).trim();
    await tabTo(firstBrand);
    await page.keyboard.press('Space');
    expect(await firstBrand.isChecked()).toBe(true);

    await tabTo(page.getByRole('button', { name: 'Save Profile' }));
    await page.keyboard.press('Enter');
    await expectToast(page, 'Profile updated', 'Your profile has been successfully updated.');
    await badge(page, 'Complete').waitFor();
    expect(await isFocused(page.getByRole('button', { name: 'Edit Profile' }))).toBe(true);

    await page.reload();
    await page.getByRole('button', { name: 'Edit Profile' }).waitFor();
    const main = page.getByRole('main');
    for (const text of [
      'Edith Crawley',
      'Flat 2, The Maltings',
      'Maltings Yard, Orchard Lane',
      'Bilton',
      'HG1 2AB',
      'Beginner (100-500 pieces)',
      '100 to 2,000 pieces',
      brandName,
    ]) {
      expect(await main.getByText(text, { exact: true }).isVisible(), text).toBe(true);
    }
    await expectNoA11yViolations(page);
  });
});
