import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import react from '@vitejs/plugin-react';
import postcssPresetMantine from 'postcss-preset-mantine';
import postcssSimpleVars from 'postcss-simple-vars';
import { firstFrameHtml } from './src/app/first-frame.ts';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz beside every compressible asset, at the highest levels, once per build;
 * the server sends those (@fastify/static `preCompressed`) instead of compressing each request.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => /\.(js|css|json|svg)$/.test(file));
      await Promise.all(
        files.map(async (file) => {
          const data = await fs.readFile(path.join(dir, file));
          if (data.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(data, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length,
              },
            }),
            gzip(data, { level: 9 }),
          ]);
          await Promise.all([
            fs.writeFile(path.join(dir, `${file}.br`), br),
            fs.writeFile(path.join(dir, `${file}.gz`), gz),
          ]);
        }),
      );
    },
  };
}

/**
 * Marks every chunk for V8 to compile whole when it loads (Chrome 136+ reads this magic comment on
 * a script's first line): a chunk is only fetched when its code is about to run (the entry and the
 * page kit at every start, a page's own, the map's when a map is drawn). Left to itself, V8
 * compiles each function on its first call, on the main thread: at 4x CPU on the city's edge that
 * was about 1.1 s of /events' first 9 s, and 0.4 s with the hint (bench/RESULTS.md §2c). After
 * minification, which would drop the comment; the source maps gain the one line.
 */
function compileHints(): Plugin {
  const hint = '//# allFunctionsCalledOnLoad\n';
  /** The source maps of this build's hinted chunks. */
  let maps: string[] = [];
  return {
    name: 'compile-hints',
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      // After Vite's own, which rewrites the chunks' code (the preload helper's dependency lists).
      order: 'post',
      handler(options, bundle) {
        // A map inside the code would be written from the code before the hint, a line off.
        if (options.sourcemap === 'inline') throw new Error('compile-hints: inline source maps are not supported');
        maps = [];
        for (const chunk of Object.values(bundle)) {
          if (chunk.type !== 'chunk') continue;
          chunk.code = hint + chunk.code;
          // The bundler's own runtime helpers come without a map.
          if (options.sourcemap && chunk.map) maps.push(chunk.sourcemapFileName ?? `${chunk.fileName}.map`);
        }
      },
    },
    // The bundler writes the source maps itself, from the code before the hint: each gains its line.
    async writeBundle(options) {
      const dir = options.dir ?? 'dist';
      await Promise.all(
        maps.map(async (file) => {
          const mapFile = path.join(dir, file);
          const map = JSON.parse(await fs.readFile(mapFile, 'utf8')) as { mappings: string };
          map.mappings = `;${map.mappings}`;
          await fs.writeFile(mapFile, JSON.stringify(map));
        }),
      );
    },
  };
}

/** Writes the console's first screen into index.html's root (src/app/first-frame.ts). */
function firstFrame(): Plugin {
  const empty = /<div id="root">[\s\S]*?<\/div>\s*<\/div>/;
  return {
    name: 'first-frame',
    transformIndexHtml: {
      order: 'post',
      handler(html, { server }) {
        if (!empty.test(html)) throw new Error('index.html: no <div id="root"> with its boot header to fill');
        // The app's stylesheet goes below the frame, which it would otherwise hold from painting
        // (the frame's own styles are inline); the scripts still wait for it before they run.
        const sheets = html.match(/\s*<link rel="stylesheet"[^>]*>/g) ?? [];
        let out = html;
        for (const sheet of sheets) out = out.replace(sheet, '');
        out = out.replace(
          empty,
          `<div id="root">${firstFrameHtml()}</div>${sheets.map((sheet) => sheet.trim()).join('')}`,
        );
        // The development server loads its own scripts, in the page.
        if (server !== undefined) return out;
        // public/boot.js starts the app once the frame is painted: the built entry is named, not loaded.
        const entry = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!entry.test(out)) throw new Error('index.html: no entry script to hand to public/boot.js');
        const module = entry.exec(out)![1];
        // So are the entry's own imports, which public/boot.js preloads before it.
        out = out.replace(/<link rel="modulepreload" crossorigin href="([^"]+)">/g, (_link, file: string) =>
          file === module ? '' : `<meta name="app-import" content="${file}" />`,
        );
        // One left in the page would be fetched beside what the frame needs, holding its paint back.
        if (out.includes('rel="modulepreload"'))
          throw new Error('index.html: a modulepreload link not handed to boot.js');
        return out.replace(entry, '<meta name="app-module" content="$1" />');
      },
    },
  };
}

const src = fileURLToPath(new URL('./src', import.meta.url));
/**
 * React Router 7 exports only its development build (ENABLE_DEV_WARNINGS = true: a check and a
 * warning string on every render and route); its production build sits beside it, unexported.
 * The browser build takes that one; tests and the dev server keep the warnings.
 */
const routerProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/', import.meta.url));

/** Web tests that replace a module (vi.mock): each runs in a module graph of its own. */
const WEB_MOCKING_MODULES = ['src/features/composite-events/audio/listen-player.test.tsx'];

export default defineConfig(({ command }) => ({
  plugins: [react(), firstFrame(), compileHints(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: src },
      ...(command === 'build'
        ? [
            { find: /^react-router$/, replacement: `${routerProduction}index.mjs` },
            { find: /^react-router\/dom$/, replacement: `${routerProduction}dom-export.mjs` },
          ]
        : []),
    ],
  },
  css: {
    postcss: {
      plugins: [
        postcssPresetMantine(),
        postcssSimpleVars({
          variables: {
            'mantine-breakpoint-xs': '36em',
            'mantine-breakpoint-sm': '48em',
            'mantine-breakpoint-md': '62em',
            'mantine-breakpoint-lg': '75em',
            'mantine-breakpoint-xl': '88em',
          },
        }),
      ],
    },
  },
  server: {
    // `npm run dev` talks to `npm run dev:server` (port 8080) for the API and runtime config.
    // Everything the console server answers rather than the app: sign-in, the live stream, wall
    // links (`/w/<key>`, not the app's /wall) and the probes.
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/auth': 'http://127.0.0.1:8080',
      '/live': 'http://127.0.0.1:8080',
      '^/w/': 'http://127.0.0.1:8080',
      '/config.json': 'http://127.0.0.1:8080',
      '/_demo': 'http://127.0.0.1:8080',
      '/healthz': 'http://127.0.0.1:8080',
      '/readyz': 'http://127.0.0.1:8080',
    },
  },
  build: {
    sourcemap: true,
    // Vite's polyfill fetches modulepreload links for browsers that ignore them (Safari before 17,
    // Firefox before 115); those still load every module, on import rather than ahead. Dropped to
    // keep the first-paint JS within budget (bench/bundle.ts) with the start split into tasks.
    modulePreload: { polyfill: false },
    manifest: true,
    chunkSizeWarningLimit: 700,
    rolldownOptions: {
      // Which plugin was slow on a loaded machine is the bench's question, not a user's: a clean
      // build prints nothing to wonder about.
      checks: { bundlerTimings: false },
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          // All map code in one chunk, cached once for the map, the wall, the drawer and the
          // drill-down (bench/bundle.ts holds it to its budget), instead of being split by
          // whichever page imports which piece.
          groups: [
            {
              name: 'map',
              priority: 2,
              // Leaflet and what draws on it; the map's pure helpers (states, time windows, glyph
              // timing, legend) stay out, so a page can render them before the map arrives.
              test: /node_modules[\\/](leaflet|react-leaflet|@react-leaflet|topojson-client)[\\/]|src[\\/]components[\\/]map[\\/](base-map|bitmap-canvas|offline-basemap|country-outlines|leaflet-setup|mic-marker-layer|mic-cluster-index|pulse-rings|fit-to-mics|estimated-place(?:-layer)?)\./,
            },
            {
              // The libraries and components three pages or more load, in one file: split by
              // automatic chunking, /mics alone fetched 44 files, queued on a phone's six
              // connections at 150 ms a round trip (bench/RESULTS.md §2b compares the choices).
              name: 'page-kit',
              test: /node_modules[\\/]|src[\\/](components|lib|api)[\\/]/,
              priority: 1,
              minShareCount: 3,
              includeDependenciesRecursively: false,
            },
            {
              // The entry's libraries in three files of their own (React, React Router, Mantine): each
              // is parsed as it arrives, not all 560 kB in the one task that then runs the app, the
              // longest of a page's start (about 400 ms at 4x CPU; bench/RESULTS.md §2c). Only what
              // the entry loads ($initial): a page's own Mantine components stay in the page kit.
              name: 'shell-react',
              priority: 4,
              tags: ['$initial'],
              test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/,
            },
            { name: 'shell-router', priority: 4, tags: ['$initial'], test: /node_modules[\\/]react-router[\\/]/ },
            {
              name: 'shell-mantine',
              priority: 4,
              tags: ['$initial'],
              test: /node_modules[\\/](@mantine|@floating-ui)[\\/]/,
            },
            {
              // The rest of what the entry loads statically, in the entry's one file. Left to automatic
              // splitting, each module a lazy chunk also imports (Box, jsx-runtime, i18n, …) became
              // a common chunk of its own: twelve more files before the first paint, each gzipped
              // alone and with its own import/export glue (173.6 kB against 168.8 kB in one).
              name: 'shell',
              priority: 2,
              tags: ['$initial'],
              includeDependenciesRecursively: true,
            },
          ],
        },
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: one on a 2-core machine. The server's
    // tests mostly wait on their servers, databases and password hashes, so three files at a time
    // keep both cores busy: the whole run took 282 s with one worker, 152 s with three.
    maxWorkers: Math.max(3, os.availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'jsdom',
          include: ['src/**/*.test.{ts,tsx}'],
          exclude: WEB_MOCKING_MODULES,
          setupFiles: ['src/testing/setup.ts'],
          // Form tests type and wait for several answers: on a loaded 2-core machine 5 s is not enough.
          testTimeout: 15_000,
          // One jsdom and one module graph per worker, not per file: building them for each of 64
          // files took 188 s of a CI run's wall clock, 42 s shared. The setup file resets what the
          // files share (the stores, the mock server, the DOM) after every test.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'web-isolated',
          environment: 'jsdom',
          // A module replaced with vi.mock must be imported fresh: in a shared graph another file
          // may have loaded the real one first.
          include: WEB_MOCKING_MODULES,
          setupFiles: ['src/testing/setup.ts'],
          testTimeout: 15_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['server/**/*.test.ts'],
          // Real servers, databases and slow password hashes on a loaded 2-core CI machine: vitest's
          // default 5 s (10 s for hooks) failed tests that were only waiting for a core.
          testTimeout: 15_000,
          hookTimeout: 30_000,
          // One throwaway PostgreSQL server per run; each test file makes its own database there.
          globalSetup: ['server/testing/postgres-global-setup.ts'],
          // Every file imports the whole server: importing it again for each of 112 files made the
          // run 291 s against 190 s shared. Files build their own apps, databases and servers.
          isolate: false,
        },
      },
    ],
  },
}));
