import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyNamed } from '../../src/web/lib/lazy-named';

// lazyNamed draws a component at once once its code has arrived, without suspending: a
// suspended first page showed React's spinner, which React then kept up at least 300 ms
// (docs/performance.md, 'The first draw held back 300 ms').

function Greeting({ name }: { name: string }) {
  return createElement('p', null, `Hello, ${name}`);
}

/** A module with a named export, and how many times it was asked for. */
function greetingModule() {
  const asked = { times: 0 };
  const load = () => {
    asked.times += 1;
    return Promise.resolve({ Greeting });
  };
  return { asked, load };
}

const drawn = (component: ReturnType<typeof lazyNamed<{ Greeting: typeof Greeting }, 'Greeting'>>) =>
  renderToString(createElement(Suspense, { fallback: 'waiting' }, createElement(component, { name: 'Margaret' })));

describe('lazyNamed', () => {
  it('suspends (the fallback is drawn) while its code has not arrived', () => {
    const { load } = greetingModule();
    const html = drawn(lazyNamed(load, 'Greeting'));
    expect(html).toContain('waiting');
    expect(html).not.toContain('Hello');
  });

  it('draws the component at once, with its props, once preload has brought its code', async () => {
    const { load } = greetingModule();
    const Named = lazyNamed(load, 'Greeting');
    await Named.preload();
    const html = drawn(Named);
    expect(html).toContain('<p>Hello, Margaret</p>');
    expect(html).not.toContain('waiting');
  });

  it('asks for the code once, however often it is preloaded and drawn', async () => {
    const { asked, load } = greetingModule();
    const Named = lazyNamed(load, 'Greeting');
    const first = Named.preload();
    expect(Named.preload()).toBe(first);
    drawn(Named);
    await first;
    drawn(Named);
    expect(asked.times).toBe(1);
  });
});
