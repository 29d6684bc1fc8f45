import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { appIcons } from './sw/app-icons.ts';
import { placeholderImage } from './sw/placeholder-image.ts';
import { versionDefine } from './server/build-version.ts';

const apiTarget = process.env.API_URL ?? 'http://127.0.0.1:8080';

// One chunk for everything the entry loads: the first page's modules come from every feature folder, and as ~50
// chunks of a few hundred bytes each they compressed worse and cost a request each (docs/server-rendering.md "Bundle").
const initialChunk = {
  codeSplitting: {
    groups: [
      { name: 'vendor', test: /node_modules/, tags: ['$initial' as const], priority: 2 },
      { name: 'app', tags: ['$initial' as const], priority: 1 },
    ],
  },
};

// `vite build --ssr src/entry-server.tsx` builds the server's renderer (docs/server-rendering.md): code only, no
// public files, icons or the placeholder image, which the client build already put in dist/.
export default defineConfig(({ isSsrBuild }) => ({
  plugins: isSsrBuild ? [react()] : [react(), appIcons(), placeholderImage()],
  // the build's version, sent with every API request (docs/api.md "Versions")
  define: versionDefine(),
  build: {
    outDir: 'dist',
    sourcemap: false,
    target: 'es2022',
    manifest: !isSsrBuild,
    copyPublicDir: !isSsrBuild,
    rolldownOptions: isSsrBuild ? {} : { output: initialChunk },
  },
  // the app starter starts the worker and finds its script in the manifest by this name (server/pages/client-assets.ts)
  worker: { format: 'es', rolldownOptions: { output: { entryFileNames: 'assets/shop-worker-[hash].js' } } },
  server: {
    host: '127.0.0.1',
    proxy: { '/api': apiTarget, '/img': apiTarget, '/healthz': apiTarget, '/pay': apiTarget },
  },
}));
