import '@fontsource/inter/latin-400.css';
import '@fontsource/inter/latin-500.css';
import '@fontsource/inter/latin-600.css';
import '../index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { Providers } from './providers';
import { createRouter } from './router';
import { setNavigator } from '../lib/navigation';

function mount() {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const router = createRouter();
  setNavigator((path) => void router.navigate(path, { replace: true }));
  createRoot(container).render(
    <StrictMode>
      <Providers>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

try {
  mount();
} catch (error) {
  // Spec §8: a failure to mount is logged and rethrown.
  console.error('Escriba failed to start', error);
  throw error;
}
