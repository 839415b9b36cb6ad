import { afterEach, describe, expect, it } from 'vitest';
import { L } from './leaflet-setup';

const nextFrames = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve())));

describe('leaflet canvas renderer', () => {
  const errors: unknown[] = [];
  const onError = (event: ErrorEvent) => {
    errors.push(event.error);
    event.preventDefault();
  };
  afterEach(() => window.removeEventListener('error', onError));

  it('does not draw after the map is removed, even when a synchronous redraw orphaned a frame', async () => {
    window.addEventListener('error', onError);
    const element = document.createElement('div');
    document.body.append(element);
    const map = L.map(element, { preferCanvas: true }).setView([37.5, 127], 12);
    L.polyline([
      [37.5, 127],
      [37.6, 127.1],
    ]).addTo(map);
    // 'moveend' makes the renderer redraw at once, leaving the frame the polyline asked for pending.
    map.fire('moveend');
    L.polyline([
      [37.4, 127],
      [37.5, 127.1],
    ]).addTo(map);
    map.remove();
    await nextFrames();
    expect(errors).toEqual([]);
    element.remove();
  });
});
