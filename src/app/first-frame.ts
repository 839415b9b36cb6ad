/**
 * The console's first screen as plain HTML, written into index.html at build time (vite.config.ts):
 * the header bar, the demo note and the outline of a page, in both languages (public/boot.js
 * picks one before the first paint). On a slow phone the scripts take seconds to arrive and run;
 * meanwhile this is what the person sees, and React replaces it when it draws the page itself.
 *
 * The server (server/route-preload.ts) cuts it down per request between the marker comments: the
 * demo note only when the console runs as the demo, the page outline only for pages inside the
 * console's layout, the wall's clock only on the wall, the header bar everywhere but there, and
 * a page's own heading (the route table's `heading`) only on that page, instead of the title bar.
 * Its styles are in index.html.
 */
import { commonEn } from '../lib/i18n/common-en.ts';
import { commonKo } from '../lib/i18n/common-ko.ts';
import type { FrameHeading, FramePart } from './routes.ts';

const part = (name: FramePart, html: string) => `<!--frame:${name}-->${html}<!--/frame:${name}-->`;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const both = (render: (catalogue: typeof commonEn, lang: 'en' | 'ko') => string) =>
  render(commonEn, 'en') + render(commonKo, 'ko');

/** Every page heading the route table names, in both languages (a missing one fails to compile). */
const HEADINGS: Record<FrameHeading, (c: typeof commonEn) => { title: string; subtitle: string }> = {
  compositeEvents: (c) => c.pages.compositeEvents,
  handover: (c) => c.pages.handover,
  insights: (c) => c.pages.insights,
};

export function firstFrameHtml(): string {
  const brand = both((c, lang) => `<span lang="${lang}">${escape(c.appName)}</span>`);
  // The same element and classes as the layout's demo note (src/app/shell/app-layout.tsx), so the
  // two are drawn alike and the page does not jump when React takes over.
  const demo = both(
    (c, lang) =>
      `<p class="demo-banner" lang="${lang}">${escape(c.user.demoBanner)} <span class="demo-banner-hint">${escape(c.user.demoBannerHint)}</span></p>`,
  );
  const rows = '<div class="frame-bar"></div>'.repeat(6);
  // Said, not shown: the outline below is what the eye sees.
  const loading = both(
    (c, lang) => `<p class="frame-status" lang="${lang}" role="status">${escape(c.query.loading)}</p>`,
  );
  return [
    part('header', `<div class="boot-header" aria-hidden="true">${brand}</div>`),
    part(
      'page',
      [
        '<div class="frame-nav" aria-hidden="true"></div>',
        '<div class="frame-main">',
        part('demo', demo),
        loading,
        // The outline's title bar, or (kept by the server for its page alone) the page's own heading.
        part('title', '<div class="frame-bar frame-title" aria-hidden="true"></div>'),
        ...Object.entries(HEADINGS).map(([name, of]) =>
          part(
            `heading-${name as FrameHeading}`,
            `<div class="frame-heading" aria-hidden="true">${both(
              (c, lang) =>
                `<div lang="${lang}"><p class="frame-page-title">${escape(of(c).title)}</p><p class="frame-page-subtitle">${escape(of(c).subtitle)}</p></div>`,
            )}</div>`,
          ),
        ),
        `<div class="frame-rows" aria-hidden="true">${rows}</div>`,
        '</div>',
      ].join(''),
    ),
    // The wall's dark screen and its clock (public/boot.js sets and ticks the time), at the
    // wall's own size (src/features/wall/wall-route.module.css).
    part(
      'wall',
      '<div class="wall-frame" aria-hidden="true"><div class="wall-frame-clock" data-frame-clock></div></div>',
    ),
  ].join('');
}
