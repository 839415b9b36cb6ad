/**
 * The console's first screen as plain HTML, written into index.html at build time (vite.config.ts):
 * the header bar, the demo note and the outline of a page, in both languages (public/boot.js
 * picks one before the first paint). On a slow phone the scripts take seconds to arrive and run;
 * meanwhile this is what the person sees, and React replaces it when it draws the page itself.
 *
 * The server (server/route-preload.ts) cuts it down per request between the marker comments: the
 * demo note only when the console runs as the demo, the page outline only for pages inside the
 * console's layout (not the wall or sign-in). Its styles are in index.html.
 */
import { commonEn } from '../lib/i18n/common-en';
import { commonKo } from '../lib/i18n/common-ko';

export const FRAME_MARKERS = {
  page: ['<!--frame:page-->', '<!--/frame:page-->'],
  demo: ['<!--frame:demo-->', '<!--/frame:demo-->'],
} as const;

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

const both = (render: (catalogue: typeof commonEn, lang: 'en' | 'ko') => string) =>
  render(commonEn, 'en') + render(commonKo, 'ko');

export function firstFrameHtml(): string {
  const brand = both((c, lang) => `<span lang="${lang}">${escape(c.appName)}</span>`);
  // The same element and classes as the layout's demo note (src/app/shell/app-layout.tsx), so the
  // two are drawn alike and the page does not jump when React takes over.
  const demo = both(
    (c, lang) =>
      `<p class="demo-banner" lang="${lang}">${escape(c.user.demoBanner)} <span class="demo-banner-hint">${escape(c.user.demoBannerHint)}</span></p>`,
  );
  const rows = '<div class="frame-bar"></div>'.repeat(6);
  return [
    '<div class="boot-header" aria-hidden="true">',
    brand,
    '</div>',
    FRAME_MARKERS.page[0],
    '<div class="frame-nav" aria-hidden="true"></div>',
    '<div class="frame-main" aria-hidden="true">',
    FRAME_MARKERS.demo[0],
    demo,
    FRAME_MARKERS.demo[1],
    '<div class="frame-bar frame-title"></div>',
    `<div class="frame-rows">${rows}</div>`,
    '</div>',
    FRAME_MARKERS.page[1],
  ].join('');
}
