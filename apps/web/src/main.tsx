import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { installGlobalErrorHandlers, reportError } from './app/error-reporting';
import { AppProvider } from './app/provider';
import { router } from './app/router';

installGlobalErrorHandlers();

createRoot(document.getElementById('root')!, {
  onUncaughtError: (error, info) => void reportError(error, info.componentStack ?? 'uncaught'),
}).render(
  <StrictMode>
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  </StrictMode>,
);
