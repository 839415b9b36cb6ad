import { screen } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compositeEventFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { WhyFiredChart } from './why-fired-chart';
import './locales';

const FONT_PX = 11;
const original = globalThis.ResizeObserver;

beforeAll(() => {
  // The chart draws at the width its box reports; jsdom lays nothing out, so the box says 600 px.
  globalThis.ResizeObserver = class {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe(target: Element) {
      const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 300, right: 600, width: 600, height: 300 };
      this.callback(
        [{ target, contentRect: rect } as unknown as ResizeObserverEntry],
        this as unknown as ResizeObserver,
      );
    }
    unobserve() {}
    disconnect() {}
  };
});
afterAll(() => {
  globalThis.ResizeObserver = original;
});

const rowOf = (text: string) => Number(screen.getByText(text).getAttribute('y'));

describe('why it fired', () => {
  it('writes "rule met" on a row of its own, never across the sound level lane’s name', async () => {
    renderWithProviders(<WhyFiredChart composite={compositeEventFixture()} />);
    await screen.findByText('rule met');
    const ruleMet = rowOf('rule met');
    // A text's row: from its baseline up by the font size. Rows apart: no overlap wherever the rule was met.
    expect(Math.abs(ruleMet - rowOf('Sound level (dB)'))).toBeGreaterThanOrEqual(FONT_PX);
    expect(Math.abs(ruleMet - rowOf('0%'))).toBeGreaterThanOrEqual(FONT_PX);
  });
});
