// Vitest runs each project's globalSetup in turn, in its own module graph but in one process
// (Vitest's initializeGlobalSetup). A template database built per project was built three times
// a run (api, process, e2e): 4-6 s each on the embedded database. Kept on globalThis, one build
// serves every project of the run, and the last project's teardown removes it.

interface Shared<T> {
  value: Promise<T>;
  users: number;
}

const registry = globalThis as { jcOncePerRun?: Map<string, Shared<unknown>> };

/**
 * `build()` once per test run under `key`, whichever project asks first; returns the value and
 * a teardown that runs `remove` when the last project using it has finished.
 */
export async function oncePerRun<T>(
  key: string,
  build: () => Promise<T>,
  remove: (value: T) => Promise<void> | void,
): Promise<{ value: T; teardown: () => Promise<void> }> {
  registry.jcOncePerRun ??= new Map();
  const shared = registry.jcOncePerRun;
  let entry = shared.get(key) as Shared<T> | undefined;
  if (!entry) {
    entry = { value: build(), users: 0 };
    shared.set(key, entry);
  }
  entry.users += 1;
  const held = entry;
  const value = await held.value;
  return {
    value,
    teardown: async () => {
      held.users -= 1;
      if (held.users > 0) return;
      shared.delete(key);
      await remove(value);
    },
  };
}
