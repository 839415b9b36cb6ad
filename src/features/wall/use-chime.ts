import { useCallback, useEffect, useRef, useState } from 'react';
import type { FeedEntry } from './feed';

/**
 * A short two-tone chime through Web Audio, for new composite events. Browsers start audio
 * suspended until someone interacts with the page (a kiosk browser can be told not to: README);
 * `blocked` says so, and any click or key on the page resumes it.
 */
export function useChime(enabled: boolean): { blocked: boolean; play: () => void } {
  const context = useRef<AudioContext | null>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    if (!enabled || typeof AudioContext === 'undefined') return;
    const audio = new AudioContext();
    context.current = audio;
    const update = () => setBlocked(audio.state === 'suspended');
    audio.addEventListener('statechange', update);
    update();
    return () => {
      audio.removeEventListener('statechange', update);
      context.current = null;
      void audio.close();
    };
  }, [enabled]);

  // Nobody presses a button on a TV: whatever someone does to the screen turns the sound on.
  const muted = enabled && blocked;
  useEffect(() => {
    if (!muted) return;
    const resume = () => void context.current?.resume();
    window.addEventListener('click', resume);
    window.addEventListener('keydown', resume);
    return () => {
      window.removeEventListener('click', resume);
      window.removeEventListener('keydown', resume);
    };
  }, [muted]);

  const play = useCallback(() => {
    const audio = context.current;
    if (audio === null || audio.state !== 'running') return;
    const start = audio.currentTime;
    for (const [offset, frequency] of [
      [0, 880],
      [0.22, 660],
    ] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = 'sine';
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.35, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.35);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.4);
      // Disconnect when done so nodes do not pile up over days of chimes.
      oscillator.addEventListener('ended', () => {
        oscillator.disconnect();
        gain.disconnect();
      });
    }
  }, []);

  return { blocked: muted, play };
}

/** Chimes once for each composite event that arrives while the wall is up. */
export function useCompositeChime(enabled: boolean, compositeFeed: readonly FeedEntry<unknown>[]) {
  const chime = useChime(enabled);
  const newestComposite = compositeFeed.reduce((latest, entry) => Math.max(latest, entry.firstSeenAt), 0);
  const chimedFor = useRef(0);
  useEffect(() => {
    if (newestComposite > chimedFor.current) {
      chimedFor.current = newestComposite;
      chime.play();
    }
  }, [newestComposite, chime]);
  return chime;
}

/** Chimes again when an item crosses ESCALATE_AFTER while still new (once per item, however many cross together). */
export function useEscalationChime(play: () => void, escalatedIds: readonly string[]) {
  const chimedFor = useRef(new Set<string>());
  const key = escalatedIds.join('\n');
  useEffect(() => {
    const ids = key === '' ? [] : key.split('\n');
    const fresh = ids.filter((id) => !chimedFor.current.has(id));
    // Items that left the escalated list are forgotten, so the set stays as small as the feed.
    chimedFor.current = new Set(ids);
    if (fresh.length > 0) play();
  }, [key, play]);
}
