import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import iconRetinaUrl from 'leaflet/dist/images/marker-icon-2x.png?no-inline';
import iconUrl from 'leaflet/dist/images/marker-icon.png?no-inline';
import shadowUrl from 'leaflet/dist/images/marker-shadow.png?no-inline';

// Leaflet guesses its marker image URLs from its CSS path, which a bundler rewrites; give it
// the bundled URLs instead, or default markers break in the production build.
delete (L.Icon.Default.prototype as unknown as { _getIconUrl?: unknown })._getIconUrl;
L.Icon.Default.mergeOptions({ iconUrl, iconRetinaUrl, shadowUrl });

interface CanvasRedraw {
  _ctx?: CanvasRenderingContext2D;
  _redrawRequest: number | null;
  _redraw(): void;
}

// Leaflet 1.9's canvas renderer redraws synchronously on 'update' without cancelling the frame it
// had already requested, so that frame can fire after the map is removed (drawer closed, page
// left) and throw on the deleted context (Leaflet issue #6030 fixed only the newest frame).
const canvas = L.Canvas.prototype as unknown as CanvasRedraw;
const redraw = canvas._redraw;
canvas._redraw = function guardedRedraw(this: CanvasRedraw) {
  L.Util.cancelAnimFrame(this._redrawRequest ?? 0);
  if (this._ctx === undefined) {
    this._redrawRequest = null;
    return;
  }
  redraw.call(this);
};

export { L };
