import type { ReactNode } from 'react';

/**
 * Pages without navigation (the e-mailed-link pages and the 404 page): just the page,
 * centred, in a main landmark.
 */
export function BarePage({ children }: { children: ReactNode }) {
  return (
    <main
      id="main-content"
      tabIndex={-1}
      className="mx-auto flex min-h-dvh w-full max-w-2xl flex-col justify-center px-4 py-12"
    >
      {children}
    </main>
  );
}
