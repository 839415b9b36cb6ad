import { useComputedColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { useMap } from 'react-leaflet';
import { L } from '@/components/map/leaflet-setup';
import { countGrid, MIN_MICS, type CoverageMic } from './coverage-model';

const PANE = 'coverage';
/** Grid cell, CSS pixels: fine enough to follow a disc's edge, coarse enough to draw at once. */
const CELL = 6;
const EARTH_CIRCUMFERENCE_M = 40_075_016.686;

/** RGBA (0–255) per cell: teal where a sound can be located, pale amber where it is only heard. */
const COLORS = {
  light: { locate: [12, 166, 120, 92], heard: [250, 176, 5, 56] },
  dark: { locate: [56, 217, 169, 115], heard: [252, 196, 25, 60] },
} as const;

/**
 * The coverage shading: a canvas the size of the view in its own pane (over the basemap, under
 * every marker), drawn again when the view settles. A cell is green where at least three mics
 * would hear the sound there, pale amber where one or two would (heard, but not placed).
 */
export function CoverageLayer({ mics }: { mics: readonly CoverageMic[] }) {
  const map = useMap();
  const dark = useComputedColorScheme('light') === 'dark';

  useEffect(() => {
    const pane = map.getPane(PANE) ?? map.createPane(PANE);
    pane.style.zIndex = '300';
    pane.style.pointerEvents = 'none';
    const canvas = L.DomUtil.create('canvas', 'coverage-canvas', pane);
    canvas.setAttribute('aria-hidden', 'true');
    const colors = dark ? COLORS.dark : COLORS.light;

    const draw = () => {
      const size = map.getSize();
      const ratio = window.devicePixelRatio || 1;
      canvas.width = Math.round(size.x * ratio);
      canvas.height = Math.round(size.y * ratio);
      canvas.style.width = `${size.x}px`;
      canvas.style.height = `${size.y}px`;
      canvas.style.visibility = 'visible';
      L.DomUtil.setPosition(canvas, map.containerPointToLayerPoint([0, 0]));
      const zoomScale = 256 * 2 ** map.getZoom();
      const discs = mics.map((mic) => {
        const p = map.latLngToContainerPoint([mic.lat, mic.lng]);
        const metresPerPixel = (EARTH_CIRCUMFERENCE_M * Math.cos((mic.lat * Math.PI) / 180)) / zoomScale;
        return { x: p.x, y: p.y, r: mic.rangeM / metresPerPixel };
      });
      const grid = countGrid(discs, size.x, size.y, CELL);
      const ctx = canvas.getContext('2d');
      if (ctx === null) return;
      // One pixel per cell, scaled up smoothly: soft edges instead of 6 px steps.
      const cells = new ImageData(grid.cols, grid.rows);
      let located = 0;
      let heard = 0;
      grid.counts.forEach((n, i) => {
        if (n === 0) return;
        const color = n >= MIN_MICS ? colors.locate : colors.heard;
        if (n >= MIN_MICS) located++;
        else heard++;
        cells.data.set(color, i * 4);
      });
      const small = document.createElement('canvas');
      small.width = grid.cols;
      small.height = grid.rows;
      small.getContext('2d')?.putImageData(cells, 0, 0);
      ctx.setTransform(ratio, 0, 0, ratio, 0, 0);
      ctx.clearRect(0, 0, size.x, size.y);
      ctx.imageSmoothingEnabled = true;
      ctx.drawImage(small, 0, 0, grid.cols * CELL, grid.rows * CELL);
      // What was drawn, for whoever checks the layer (a test, a curious admin in devtools).
      canvas.dataset.locateCells = String(located);
      canvas.dataset.heardCells = String(heard);
    };
    // The grid is in screen pixels: while a zoom animates it would be wrong, so it steps aside.
    const hide = () => {
      canvas.style.visibility = 'hidden';
    };

    draw();
    map.on('moveend zoomend resize viewreset', draw);
    map.on('zoomstart', hide);
    return () => {
      map.off('moveend zoomend resize viewreset', draw);
      map.off('zoomstart', hide);
      canvas.remove();
    };
  }, [map, mics, dark]);

  return null;
}
