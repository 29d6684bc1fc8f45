import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appIcons } from './sw/app-icons.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

export default defineConfig({
  plugins: [react(), appIcons()],
  build: { outDir: 'dist', sourcemap: false, target: 'es2022', manifest: true },
  worker: { format: 'es' },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/img': apiTarget, '/healthz': apiTarget, '/pay': apiTarget },
  },
});
