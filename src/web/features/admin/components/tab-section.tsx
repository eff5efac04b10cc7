import type { ReactNode } from 'react';

/** One tab of the admin panel: a section named by its heading (the tab's name). */
export function TabSection({ title, children }: { title: string; children: ReactNode }) {
  const id = `${title.toLowerCase().replace(/\W+/g, '-')}-title`;
  return (
    <section aria-labelledby={id} className="flex flex-col gap-4">
      <h2 id={id} className="text-2xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}
