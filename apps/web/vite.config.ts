import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { firstVisitGroups, memberGroup } from './build/chunk-groups.ts';
import { mantineCssPerComponent } from './build/mantine-css.ts';
import { precompress } from './build/precompress.ts';

const root = fileURLToPath(new URL('.//', import.meta.url));
const api = 'http://localhost:3000';

/** Node modules that every screen needs; kept in stable, long-cached vendor chunks. */
const vendorGroups = [
  { name: 'react-vendor', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/, priority: 30 },
  { name: 'query-vendor', test: /node_modules[\\/]@tanstack[\\/]/, priority: 20 },
  { name: firstVisitGroups(root), priority: 10 },
  { name: memberGroup(root), priority: 5 },
];

export default defineConfig({
  root,
  plugins: [mantineCssPerComponent(), react(), precompress()],
  server: {
    port: 5173,
    proxy: {
      '/api': { target: api, changeOrigin: false },
      '/profilepic': { target: api, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    // Pages are lazy; only the shell, the vendor chunks and the visited page load on /hello.
    chunkSizeWarningLimit: 400,
    rolldownOptions: {
      output: {
        codeSplitting: { groups: vendorGroups },
      },
    },
  },
});
