import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { bundledIcons } from './build/bundled-icons.ts';

// The dev server forwards the API and the live channel to a server started with `npm run dev` (port 3000).
const apiTarget = process.env.ESCRIBA_API_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react(), tailwindcss(), bundledIcons()],
  server: {
    proxy: {
      '/api': apiTarget,
      '/v1': { target: apiTarget, ws: true },
    },
  },
  // The manifest lets bench/web-bundle-size.ts find what the first page loads.
  build: { target: 'es2022', manifest: true },
});
