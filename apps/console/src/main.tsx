import { StrictMode, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { consoleModules } from './app/modules';
import { Providers } from './app/providers';
import { router } from './app/router';
import { addTexts } from './i18n';
import './styles.css';

for (const module of consoleModules) addTexts(module.texts);

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Providers>
      <Suspense>
        <RouterProvider router={router} />
      </Suspense>
    </Providers>
  </StrictMode>,
);
