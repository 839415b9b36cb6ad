import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { defineConfig } from 'vitest/config';

const src = fileURLToPath(new URL('./src', import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': src } },
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: { 'mantine-breakpoint-xs': '36em', 'mantine-breakpoint-sm': '48em', 'mantine-breakpoint-md': '62em', 'mantine-breakpoint-lg': '75em', 'mantine-breakpoint-xl': '88em' },
        }),
      ],
    },
  },
  server: {
    // `npm run dev` talks to `npm run dev:server` (port 8080) for the API and runtime config.
    proxy: { '/api': 'http://127.0.0.1:8080', '/config.json': 'http://127.0.0.1:8080', '/_demo': 'http://127.0.0.1:8080' },
  },
  build: {
    sourcemap: true,
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // All map code in one chunk, cached once for the map, the wall, the drawer and the
          // drill-down (bench/bundle.ts holds it to its budget), instead of being split by
          // whichever page imports which piece.
          groups: [
            {
              name: 'map',
              test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet|supercluster|kdbush|topojson-client)[\\/]|src[\\/]components[\\/]map[\\/]/,
            },
          ],
        },
      },
    },
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          setupFiles: ['src/testing/setup.ts'],
        },
      },
      {
        extends: true,
        test: { name: 'server', environment: 'node', include: ['server/**/*.test.ts'] },
      },
    ],
  },
});
