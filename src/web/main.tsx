// First: Zod's settings must be in place before any module that loads Zod runs.
import './lib/zod-without-eval';
import { StrictMode } from 'react';
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
// The sign-in check and the first page's code and data, before React's first draw (which on
// a phone takes a while of its own) rather than after it.
startFirstPage(queryClient);

const container = document.getElementById('root');
if (!container) throw new Error('index.html is missing <div id="root">');

createRoot(container).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </QueryClientProvider>
  </StrictMode>,
);
