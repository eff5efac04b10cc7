// First: Zod's settings must be in place before any module that loads Zod runs.
import './lib/zod-without-eval';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import { createQueryClient } from './lib/query-client';
import { applyTextSize, storedTextSize } from './lib/text-size';
import { AppRoutes, startFirstPage } from './router';
import './styles.css';

// The size last chosen in this browser from the first paint (a member's own follows once known).
applyTextSize(storedTextSize());

const queryClient = createQueryClient();
const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');
const root = createRoot(container);

// The sign-in check and the first page's code and data are asked for before React's first
// draw (which on a phone takes a while of its own) rather than after it, and React draws
// once that code is here (or could not be fetched), straight over index.html's spinner.
// As a transition, so the first draw is done in slices that let the page answer a tap
// meanwhile, rather than in one long task (docs/performance.md, 'The first draw held back
// 300 ms').
const draw = () =>
  startTransition(() =>
    root.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
void startFirstPage(queryClient).then(draw, draw);
