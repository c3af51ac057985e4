import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { LearnApp } from './app';
import { browserDeps, LearnDepsProvider } from './deps';

// The child app (/learn/): its own entry and bundle, hash routes, no antd on the first view.
createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <LearnDepsProvider deps={browserDeps()}>
      <LearnApp />
    </LearnDepsProvider>
  </StrictMode>,
);
