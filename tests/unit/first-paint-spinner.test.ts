import { readFileSync } from 'node:fs';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FullScreenSpinner } from '../../src/web/components/ui/spinner';

// index.html draws the spinner React's first draw shows (who is signed in is not known yet),
// so a phone shows it as soon as the page and its stylesheet arrive rather than once the
// scripts have run (docs/performance.md, 'Lighthouse 95'). It must be the same spinner.
describe('the page before its scripts run', () => {
  it('shows exactly the spinner React draws first', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const root = /<div id="root">(.*)<\/div>\n/.exec(html)?.[1];
    expect(root).toBe(renderToStaticMarkup(createElement(FullScreenSpinner)));
  });
});
