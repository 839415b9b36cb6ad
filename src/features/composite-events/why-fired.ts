import type { BaseEvent, CompositeEvent } from '@/api';
import { byTime } from './composite-summary';

export interface WhyFiredPoint {
  event: BaseEvent;
  /** 0..1 across the axis. */
  x: number;
  offsetMs: number;
  /** 0..1 up the confidence lane (0 % .. 100 %). */
  confidenceY: number;
  confidenceThresholdY: number;
  confidenceMet: boolean;
  /** 0..1 up the sound-level lane (its dB range). */
  levelY: number;
  levelThresholdY: number;
  levelMet: boolean;
  /** 1-based position in time order. */
  ordinal: number;
}

export interface WhyFiredGeometry {
  startMs: number;
  windowMs: number;
  /** The axis covers the whole window, or more when events fall outside it. */
  axisMs: number;
  /** 0..1 where the rule window (started_at .. + window_seconds) begins and ends on the axis. */
  windowStartX: number;
  windowEndX: number;
  spanMs: number;
  /** Events whose time lies inside the window. */
  inWindow: number;
  minEvents: number;
  /** Where the min_events-th event happened (the moment the rule was satisfied), if it was. */
  thresholdX: number | null;
  levelMin: number;
  levelMax: number;
  points: WhyFiredPoint[];
  ticks: { x: number; seconds: number }[];
}

const clamp01 = (v: number) => Math.min(1, Math.max(0, v));

function niceStep(totalSeconds: number): number {
  const target = totalSeconds / 6;
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600];
  return steps.find((s) => s >= target) ?? Math.ceil(target / 3600) * 3600;
}

/** Places the base events on an axis that starts at `started_at` and spans the rule's window. */
export function whyFiredGeometry(composite: CompositeEvent): WhyFiredGeometry {
  const startMs = Date.parse(composite.started_at);
  const windowMs = Math.max(1, composite.rule.window_seconds) * 1000;
  const events = byTime(composite.events);
  const offsets = events.map((e) => Date.parse(e.created_at) - startMs);
  const lastOffset = offsets.length === 0 ? 0 : Math.max(...offsets);
  const firstOffset = offsets.length === 0 ? 0 : Math.min(0, ...offsets);
  // Events before started_at are shifted in rather than dropped: the axis must show every one.
  const axisStart = firstOffset;
  const axisMs = Math.max(windowMs, lastOffset) - axisStart;
  const xOf = (offset: number) => (axisMs <= 0 ? 0 : (offset - axisStart) / axisMs);

  const levels = events.flatMap((e) => [e.sound_level, e.sound_level_threshold]);
  const rawMin = levels.length === 0 ? 0 : Math.min(...levels);
  const rawMax = levels.length === 0 ? 100 : Math.max(...levels);
  const levelMin = Math.floor((rawMin - 5) / 10) * 10;
  const levelMax = Math.ceil((rawMax + 5) / 10) * 10;
  const levelY = (db: number) => clamp01((db - levelMin) / (levelMax - levelMin));

  const points = events.map((event, i) => ({
    event,
    x: xOf(offsets[i]!),
    offsetMs: offsets[i]!,
    confidenceY: clamp01(event.confidence),
    confidenceThresholdY: clamp01(event.confidence_threshold),
    confidenceMet: event.confidence >= event.confidence_threshold,
    levelY: levelY(event.sound_level),
    levelThresholdY: levelY(event.sound_level_threshold),
    levelMet: event.sound_level >= event.sound_level_threshold,
    ordinal: i + 1,
  }));

  const inWindow = offsets.filter((o) => o >= 0 && o <= windowMs).length;
  const minEvents = composite.rule.min_events;
  const satisfying = minEvents > 0 && points.length >= minEvents ? points[minEvents - 1]! : null;
  const step = niceStep(axisMs / 1000);
  const ticks: { x: number; seconds: number }[] = [];
  for (let s = Math.ceil(axisStart / 1000 / step) * step; s * 1000 <= axisStart + axisMs; s += step)
    ticks.push({ x: xOf(s * 1000), seconds: s });

  return {
    startMs,
    windowMs,
    axisMs,
    windowStartX: xOf(0),
    windowEndX: xOf(windowMs),
    spanMs: offsets.length === 0 ? 0 : lastOffset - Math.min(...offsets),
    inWindow,
    minEvents,
    thresholdX: satisfying === null ? null : satisfying.x,
    levelMin,
    levelMax,
    points,
    ticks,
  };
}
