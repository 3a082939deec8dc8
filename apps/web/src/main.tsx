// First: zod's configuration must be in place before any schema is built (lib/zod-jitless.ts).
import './lib/zod-jitless.ts';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
// Mantine's reset, variables and globals; each component's CSS comes with the chunk that uses
// it (build/mantine-css.ts).
import '@mantine/core/styles/baseline.css';
import '@mantine/core/styles/default-css-variables.css';
import '@mantine/core/styles/global.css';
import './app/global.css';
import { App } from './app/app.tsx';
import { preloadRoute } from './app/route-preload.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// Signed in already: the page's code and first reads start now, beside the session load.
preloadRoute(window.location.pathname + window.location.search);

const reactRoot = createRoot(root);
startTransition(() =>
  reactRoot.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
