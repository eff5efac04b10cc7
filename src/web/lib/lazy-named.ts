import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

/** React.lazy for a module's named export (our files export by name, not default). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any props: the component keeps its own type
export function lazyNamed<M extends Record<K, ComponentType<any>>, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyExoticComponent<M[K]> {
  return lazy(() => load().then((module) => ({ default: module[name] })));
}
