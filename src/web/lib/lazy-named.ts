import { createElement, lazy, useState, type ComponentProps, type ComponentType } from 'react';

/** A lazily loaded component that can be asked to fetch its code ahead of being drawn. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component keeps its own type
export type LazyNamed<C extends ComponentType<any>> = ComponentType<ComponentProps<C>> & {
  /** Fetches the code (once: later calls answer the same promise). */
  preload: () => Promise<unknown>;
};

/**
 * React.lazy for a module's named export (our files export by name, not default), which draws
 * the component at once when its code has already arrived (`preload`), without suspending.
 * Suspending shows the nearest Suspense fallback, and React then holds the content that
 * replaces a fallback back until 300 ms after the fallback appeared (its FALLBACK_THROTTLE_MS):
 * the first page, its code fetched before React's first draw (startFirstPage in router.tsx),
 * would wait that long behind a spinner for nothing (docs/performance.md, 'The first draw
 * held back 300 ms').
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component keeps its own type
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyNamed<M[K]> {
  let loaded: M[K] | undefined;
  let loading: Promise<M[K]> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module[name];
      return loaded;
    }));
  const Lazy = lazy(() => preload().then((component) => ({ default: component })));
  function Named(props: ComponentProps<M[K]>) {
    // Chosen once, as it is first drawn: switching from Lazy to the loaded component later
    // would be another component to React, which would draw it afresh and lose its state.
    const [component] = useState<M[K] | typeof Lazy>(() => loaded ?? Lazy);
    return createElement(component, props);
  }
  return Object.assign(Named, { preload });
}
