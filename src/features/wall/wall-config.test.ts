import { describe, expect, it } from 'vitest';
import { DEFAULT_WALL_CONFIG, micRefreshMs, staleAfterMs, wallSearch } from './wall-config';

describe('wall setup in the URL', () => {
  it('reads a full setup', () => {
    expect(
      wallSearch.read(
        new URLSearchParams('edge_id=edge-busan-01&label=scream&window=30m&refresh=2&chime=1&lang=ko&scale=1.5'),
      ),
    ).toEqual({
      edgeId: 'edge-busan-01',
      label: 'scream',
      windowMinutes: 30,
      refreshSeconds: 2,
      chime: true,
      lang: 'ko',
      scale: 1.5,
    });
  });

  it('uses defaults: 15 minutes, every 5 s, silent', () => {
    expect(wallSearch.read(new URLSearchParams(''))).toEqual(DEFAULT_WALL_CONFIG);
  });

  it('falls back to defaults for unreadable values and caps the refresh', () => {
    const config = wallSearch.read(
      new URLSearchParams('window=forever&refresh=0&chime=maybe&lang=fr&edge_id=&scale=big'),
    );
    expect(config).toEqual(DEFAULT_WALL_CONFIG);
    expect(wallSearch.read(new URLSearchParams('refresh=abc')).refreshSeconds).toBe(5);
    expect(wallSearch.read(new URLSearchParams('refresh=100000')).refreshSeconds).toBe(300);
    expect(wallSearch.read(new URLSearchParams('refresh=0.1')).refreshSeconds).toBe(5);
    expect(wallSearch.read(new URLSearchParams('refresh=0.25')).refreshSeconds).toBe(0.25);
    expect(wallSearch.read(new URLSearchParams('window=2h')).windowMinutes).toBe(120);
  });

  it('keeps a readable scale within 0.75–2, so a typo never makes the wall unreadable', () => {
    expect(wallSearch.read(new URLSearchParams('scale=0.1')).scale).toBe(0.75);
    expect(wallSearch.read(new URLSearchParams('scale=5')).scale).toBe(2);
    expect(wallSearch.read(new URLSearchParams('scale=1.25')).scale).toBe(1.25);
    expect(wallSearch.read(new URLSearchParams('scale=')).scale).toBe(1);
    expect(wallSearch.read(new URLSearchParams('scale=Infinity')).scale).toBe(1);
  });

  it('reads mics far less often than events and calls data stale after a few missed refreshes', () => {
    const config = wallSearch.read(new URLSearchParams('refresh=10'));
    expect(micRefreshMs(config)).toBe(120_000);
    expect(micRefreshMs(DEFAULT_WALL_CONFIG)).toBe(60_000);
    expect(staleAfterMs(config)).toBe(30_000);
    expect(staleAfterMs(wallSearch.read(new URLSearchParams('refresh=1')))).toBe(15_000);
  });
});
