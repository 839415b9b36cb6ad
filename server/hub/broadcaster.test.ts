import { describe, expect, it } from 'vitest';
import { Broadcaster, type Sink } from './broadcaster.js';
import { NO_FILTER } from './filters.js';

function recording(): Sink & { types: () => string[] } {
  const frames: string[] = [];
  return {
    write: (frame) => void frames.push(frame),
    backlog: () => 0,
    close: () => undefined,
    types: () => frames.flatMap((frame) => [...frame.matchAll(/^event: (\w+)$/gm)].map((m) => m[1]!)),
  };
}

describe('a stream that starts from a list’s mark', () => {
  it('replays what the lists take, not the inventory diffs the screen’s own read already holds', () => {
    const broadcaster = new Broadcaster({ bufferSize: 10, edgeOf: () => undefined });
    const mark = broadcaster.lastId;
    broadcaster.publish({ type: 'mics', data: { from: 'v1', to: 'v2', upserts: [], removals: [], refetch: false } });
    broadcaster.publish({ type: 'event', data: { events: [] } });
    broadcaster.publish({ type: 'reset', data: { reason: 'resume-too-old', scope: ['events'] } });

    const lists = recording();
    broadcaster.subscribe(NO_FILTER, lists, mark, '', 'lists');
    expect(lists.types()).toEqual(['event', 'reset']);
    const resumed = recording();
    broadcaster.subscribe(NO_FILTER, resumed, mark, '', 'all');
    expect(resumed.types()).toEqual(['mics', 'event', 'reset']);
  });

  it('can start only from an id of its own still held', () => {
    const broadcaster = new Broadcaster({ bufferSize: 2, edgeOf: () => undefined });
    const first = broadcaster.lastId;
    expect(broadcaster.canReplayFrom(first)).toBe(true);
    for (let i = 0; i < 3; i++) broadcaster.publish({ type: 'event', data: { events: [] } });
    expect(broadcaster.canReplayFrom(first)).toBe(false);
    expect(broadcaster.canReplayFrom(broadcaster.lastId)).toBe(true);
    expect(broadcaster.canReplayFrom('abcdef01-1')).toBe(false);
    expect(broadcaster.canReplayFrom(`${broadcaster.lastId.split('-')[0]}-99`)).toBe(false);
    expect(broadcaster.canReplayFrom('not an id')).toBe(false);
  });
});

describe('a screen that cannot take what it is sent', () => {
  it('is let go in the middle of a replay too large for it, cut, and sent nothing after', () => {
    const broadcaster = new Broadcaster({ bufferSize: 50, edgeOf: () => undefined, maxBacklogBytes: 300 });
    const mark = broadcaster.lastId;
    for (let i = 0; i < 20; i++) broadcaster.publish({ type: 'event', data: { events: [] } });
    // It reads nothing: every frame stays queued.
    let queued = 0;
    const closes: (boolean | undefined)[] = [];
    const writesAfterClose: string[] = [];
    const stalled: Sink = {
      write: (frame) => {
        if (closes.length > 0) writesAfterClose.push(frame);
        queued += frame.length;
      },
      backlog: () => queued,
      close: (cut) => void closes.push(cut),
    };
    broadcaster.subscribe(NO_FILTER, stalled, mark, '');
    expect(closes).toEqual([true]);
    broadcaster.publish({ type: 'event', data: { events: [] } });
    expect(writesAfterClose).toEqual([]);
    expect(closes).toEqual([true]);
  });
});
