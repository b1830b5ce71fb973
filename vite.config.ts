import { defineConfig } from 'vite';

export default defineConfig({
  build: {
    outDir: 'dist',
    target: 'es2022',
    sourcemap: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    manifest: true,
  },
});
