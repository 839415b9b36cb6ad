import { createContext } from 'react';
import type { DrawingContext } from './mic-glyph';
import { L } from './leaflet-setup';

/** Leaflet's canvas renderer's own fields and methods this one takes over (not in its typings). */
interface CanvasRendererInternals {
  _container: HTMLCanvasElement;
  _ctx: DrawingContext;
  _bounds: L.Bounds;
  _redrawBounds: L.Bounds | null;
  _map: L.Map & { _animatingZoom?: boolean };
  _onMouseMove: (e: Event) => void;
  _onClick: (e: Event) => void;
  _handleMouseOut: (e: Event) => void;
}

interface BitmapCanvasInternals extends CanvasRendererInternals {
  /** Where Leaflet draws: off the page, so the compositor never reads it. */
  _paper: OffscreenCanvas;
  /** What the page shows: the paper's picture, handed over once per draw. */
  _shown: ImageBitmapRenderingContext;
}

const canvasProto = L.Canvas.prototype as unknown as {
  _draw: (this: CanvasRendererInternals) => void;
  _redraw: (this: CanvasRendererInternals) => void;
};
const rendererProto = L.Renderer.prototype as unknown as { _update: (this: CanvasRendererInternals) => void };

/**
 * Leaflet's canvas renderer drawing on an OffscreenCanvas, its picture shown in the page through an
 * ImageBitmap ('bitmaprenderer' context).
 *
 * Why: where the browser composites in software (headless Chromium, as Lighthouse runs it; a wall PC
 * or a virtual machine without GPU raster), every frame it commits copies each 2D canvas of the
 * page again, changed or not. The wall's clock ticks a frame a second, and its two map canvases
 * (the basemap and the mics, 1.6 views wide each) made each tick's commit 10-14 ms on a phone
 * and 15-27 ms on a 1080p wall, against 1-2 ms without them (bench/RESULTS.md §2c). A picture
 * handed over as an ImageBitmap is taken once, when drawn.
 *
 * The element in the pane is still Leaflet's container: it is positioned, sized, zoom-animated
 * and hit-tested as before, with the same handlers. Only where the pixels are drawn differs.
 */
const BitmapCanvas = L.Canvas.extend({
  _initContainer(this: BitmapCanvasInternals) {
    // Leaflet's own, but the page's canvas gets the bitmap context and the drawing an OffscreenCanvas.
    const container = document.createElement('canvas');
    this._container = container;
    L.DomEvent.on(container, 'mousemove', this._onMouseMove, this);
    L.DomEvent.on(container, 'click dblclick mousedown mouseup contextmenu', this._onClick, this);
    L.DomEvent.on(container, 'mouseout', this._handleMouseOut, this);
    (container as unknown as Record<string, boolean>)._leaflet_disable_events = true;
    this._shown = container.getContext('bitmaprenderer')!;
    this._paper = new OffscreenCanvas(1, 1);
    this._ctx = this._paper.getContext('2d')!;
  },

  _update(this: BitmapCanvasInternals) {
    // Leaflet's Canvas._update with the paper sized along with the container.
    if (this._map._animatingZoom === true && this._bounds !== undefined) return;
    rendererProto._update.call(this);
    const bounds = this._bounds;
    const size = bounds.getSize();
    const scale = L.Browser.retina ? 2 : 1;
    L.DomUtil.setPosition(this._container, bounds.min!);
    // Sizing the shown canvas blanks it until the next picture, handed over in this same task
    // (the 'update' below redraws at once), so no frame shows it empty.
    this._container.width = this._paper.width = scale * size.x;
    this._container.height = this._paper.height = scale * size.y;
    this._container.style.width = `${size.x}px`;
    this._container.style.height = `${size.y}px`;
    if (L.Browser.retina) this._ctx.scale(2, 2);
    this._ctx.translate(-bounds.min!.x, -bounds.min!.y);
    (this as unknown as L.Evented).fire('update');
  },

  _redraw(this: BitmapCanvasInternals) {
    // Handing the picture over leaves the paper empty, so Leaflet's redraw of only the part that
    // changed becomes a redraw of everything (a still map redraws seldom).
    this._redrawBounds = null;
    canvasProto._redraw.call(this);
  },

  _draw(this: BitmapCanvasInternals) {
    canvasProto._draw.call(this);
    // A map with no size (a hidden tab's) has nothing to show, and an empty canvas gives no picture.
    if (this._paper.width === 0 || this._paper.height === 0) return;
    this._shown.transferFromImageBitmap(this._paper.transferToImageBitmap());
  },
});

/** Where both exist (Chromium 69, Firefox 105, Safari 16.4); elsewhere Leaflet's own canvas. */
const supported = typeof OffscreenCanvas === 'function' && typeof ImageBitmapRenderingContext === 'function';

/**
 * True inside a map nobody pans or zooms, shown for hours while the page around it changes (the
 * wall's). Its layers draw through BitmapCanvas. Not on the maps people drag: there the bench's
 * scripted pan and zoom ran 1-2 fps slower with it (55-58 against 57-60 fps), for reasons not found.
 */
export const StillMap = createContext(false);

/** A map layer's canvas renderer: on a still map, one whose picture costs the compositor nothing between draws. */
export function canvasRenderer(still: boolean, options: L.RendererOptions): L.Canvas {
  return still && supported
    ? new (BitmapCanvas as unknown as new (o: L.RendererOptions) => L.Canvas)(options)
    : L.canvas(options);
}
