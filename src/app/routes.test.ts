import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SECTION_ITEMS } from '@/features/admin/admin-route';
import { PAGE_MODULES, routeTree } from './router';
import { REDIRECTS, ROUTES } from './routes';
import { NAV_ITEMS } from './shell/app-layout';

/** Every path the router matches, as full paths (index routes as their parent's path). */
function routerPaths(routes: RouteObject[], base = ''): string[] {
  return routes.flatMap((route) => {
    const own =
      route.path === undefined
        ? base
        : route.path.startsWith('/')
          ? route.path
          : `${base.replace(/\/$/, '')}/${route.path}`;
    const here = route.path !== undefined || route.index === true ? [own === '' ? '/' : own] : [];
    return [...here, ...routerPaths(route.children ?? [], own)];
  });
}

const paths = ROUTES.map(({ path }) => path);
const sorted = (list: Iterable<string>) => [...new Set(list)].sort();

describe('the route table (src/app/routes.ts)', () => {
  it('is what the router matches, with nothing declared beside it', () => {
    const redirects = REDIRECTS.map(({ from }) => from);
    // '/*' is the not-found page.
    expect(sorted(routerPaths(routeTree()))).toEqual(sorted([...paths, ...redirects, '/*']));
    expect(paths.length).toBe(new Set(paths).size);
    for (const { to } of REDIRECTS) expect(paths).toContain(to);
  });

  it('names every page module, each its own chunk, and only modules that exist', () => {
    const modules = ROUTES.map(({ module }) => `/${module}`);
    // A new page module outside the table would be a chunk no route loads.
    expect(sorted(Object.keys(PAGE_MODULES))).toEqual(sorted(modules));
    expect(modules.length).toBe(new Set(modules).size);
  });

  it('nests each page under an entry drawn the same way', () => {
    for (const entry of ROUTES.filter(({ parent }) => parent !== undefined)) {
      const parent = ROUTES.find(({ path }) => path === entry.parent);
      expect(parent?.shell, entry.path).toBe(entry.shell);
      expect(entry.path.startsWith(`${entry.parent}/`), entry.path).toBe(true);
    }
  });

  it('gives every page a place in a menu, or says why it has none', () => {
    for (const { path, nav } of ROUTES) {
      if (nav.menu === 'none') expect(nav.why.trim(), path).not.toBe('');
      else expect(['main', 'admin'], path).toContain(nav.menu);
    }
    const inMenu = (menu: string) => ROUTES.filter(({ nav }) => nav.menu === menu).map(({ path }) => path);
    // The menus give each its label and icon: none missing, none for a page the table does not list there.
    expect(sorted(Object.keys(NAV_ITEMS))).toEqual(sorted(inMenu('main')));
    expect(sorted(Object.keys(SECTION_ITEMS))).toEqual(sorted(inMenu('admin')));
    for (const path of inMenu('admin'))
      expect(ROUTES.find((entry) => entry.path === path)?.parent, path).toBe('/admin');
  });

  it('says for every page whether the server preloads its chunks, and why not', () => {
    for (const { path, preload } of ROUTES) {
      if (preload === 'chunks') continue;
      expect(preload.skip.trim(), path).not.toBe('');
    }
  });
});
