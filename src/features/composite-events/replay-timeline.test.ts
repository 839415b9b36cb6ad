import { describe, expect, it } from 'vitest';
import { advance, heardBy, playbackSpeed, stepTimes, timelineOf } from './replay-timeline';

const at = (s: number) => new Date(Date.UTC(2026, 10, 25, 12, 0, 0) + s * 1000).toISOString();
const replay = {
  from: at(0),
  to: at(6),
  events: [
    { id: 'e3', mic_id: 'm2', at: at(4), confidence: 0.8 },
    { id: 'e1', mic_id: 'm1', at: at(1), confidence: 0.9 },
    { id: 'e2', mic_id: 'm1', at: at(3), confidence: null },
  ],
};

describe('replay timeline', () => {
  it('orders the events in time from the start', () => {
    const timeline = timelineOf(replay);
    expect(timeline.durationMs).toBe(6000);
    expect(timeline.steps.map((s) => [s.event.id, s.offsetMs])).toEqual([
      ['e1', 1000],
      ['e2', 3000],
      ['e3', 4000],
    ]);
  });

  it('lights each mic from the first time it heard the sound', () => {
    const timeline = timelineOf(replay);
    expect([...heardBy(timeline, 500)]).toEqual([]);
    expect([...heardBy(timeline, 3500)]).toEqual([['m1', 1000]]);
    expect([...heardBy(timeline, 6000)]).toEqual([
      ['m1', 1000],
      ['m2', 4000],
    ]);
  });

  it('widens an event earlier than the window it was given', () => {
    const timeline = timelineOf({ ...replay, from: at(2) });
    expect(timeline.startMs).toBe(Date.parse(at(1)));
    expect(timeline.steps[0]!.offsetMs).toBe(0);
  });

  it('plays short incidents slowed and long ones sped up, and stops at the end', () => {
    expect(playbackSpeed(2000)).toBe(0.25);
    expect(playbackSpeed(600_000)).toBe(60);
    const timeline = { durationMs: 6000 };
    expect(advance(0, 1000, timeline)).toEqual({ positionMs: 600, done: false });
    expect(advance(5900, 1000, timeline)).toEqual({ positionMs: 6000, done: true });
  });

  it('steps to the previous and next event', () => {
    const timeline = timelineOf(replay);
    expect(stepTimes(timeline, 0)).toEqual({ previous: null, next: 1000 });
    expect(stepTimes(timeline, 3000)).toEqual({ previous: 1000, next: 4000 });
    expect(stepTimes(timeline, 6000)).toEqual({ previous: 4000, next: null });
  });
});
