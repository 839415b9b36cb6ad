import { useCallback, useEffect, useRef, useState } from 'react';

/** What a row tells the player about its clip once it can play. */
export interface Playable {
  element: HTMLAudioElement;
  /** Seconds of the marked part (around the detection), looped when looping is on. */
  marked: [number, number];
}

export interface ClipPlayer {
  playing: string | null;
  /** Playing every clip of the sound one after another. */
  inOrder: boolean;
  looping: boolean;
  register(id: string, playable: Playable | null): void;
  play(id: string): void;
  playAll(): void;
  stop(): void;
  toggle(id: string): void;
  seek(id: string, by: number): void;
  setLooping(looping: boolean): void;
}

/**
 * Plays the clips of one sound: one at a time (solo), or all in arrival order, each from its
 * start; with looping on, the one playing repeats its marked part. Each row owns its <audio>
 * element and registers it here; `order` is the rows' ids in arrival order.
 */
export function useClipPlayer(order: readonly string[]): ClipPlayer {
  const playables = useRef(new Map<string, Playable>());
  const [playing, setPlaying] = useState<string | null>(null);
  const [inOrder, setInOrder] = useState(false);
  const [looping, setLooping] = useState(false);
  const state = useRef({ order, inOrder, looping, playing });
  useEffect(() => {
    state.current = { order, inOrder, looping, playing };
  });

  const pauseAll = useCallback(() => {
    for (const { element } of playables.current.values()) element.pause();
  }, []);

  const start = useCallback(
    (id: string) => {
      pauseAll();
      const playable = playables.current.get(id);
      if (playable === undefined) return false;
      const { element, marked } = playable;
      if (state.current.looping) element.currentTime = marked[0];
      else if (element.ended || element.currentTime >= element.duration - 0.05) element.currentTime = 0;
      // A browser that refuses to play (no user gesture yet) leaves the row paused: nothing to report.
      void element.play().catch(() => setPlaying(null));
      setPlaying(id);
      return true;
    },
    [pauseAll],
  );

  const stop = useCallback(() => {
    pauseAll();
    setInOrder(false);
    setPlaying(null);
  }, [pauseAll]);

  const play = useCallback(
    (id: string) => {
      setInOrder(false);
      start(id);
    },
    [start],
  );

  const playAll = useCallback(() => {
    const first = state.current.order.find((id) => playables.current.has(id));
    if (first === undefined) return;
    for (const { element } of playables.current.values()) element.currentTime = 0;
    setInOrder(true);
    start(first);
  }, [start]);

  const toggle = useCallback(
    (id: string) => {
      if (state.current.playing === id) {
        playables.current.get(id)?.element.pause();
        setInOrder(false);
        setPlaying(null);
      } else play(id);
    },
    [play],
  );

  const seek = useCallback((id: string, by: number) => {
    const element = playables.current.get(id)?.element;
    if (element === undefined) return;
    element.currentTime = Math.min(Math.max(0, element.currentTime + by), element.duration || 0);
  }, []);

  // After one clip ends: the next in order, or nothing. While looping, the marked part repeats.
  const onEnded = useCallback(
    (id: string) => {
      const { order: ids, inOrder: sequence } = state.current;
      if (!sequence) return setPlaying((current) => (current === id ? null : current));
      const next = ids.slice(ids.indexOf(id) + 1).find((other) => playables.current.has(other));
      if (next === undefined || !start(next)) {
        setInOrder(false);
        setPlaying(null);
      }
    },
    [start],
  );

  useEffect(() => {
    if (playing === null) return;
    const playable = playables.current.get(playing);
    if (playable === undefined) return;
    const { element, marked } = playable;
    let frame = 0;
    const tick = () => {
      if (state.current.looping && element.currentTime >= marked[1]) element.currentTime = marked[0];
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    const ended = () => onEnded(playing);
    element.addEventListener('ended', ended);
    return () => {
      cancelAnimationFrame(frame);
      element.removeEventListener('ended', ended);
    };
  }, [playing, onEnded]);

  const register = useCallback((id: string, playable: Playable | null) => {
    if (playable === null) playables.current.delete(id);
    else playables.current.set(id, playable);
  }, []);

  return { playing, inOrder, looping, register, play, playAll, stop, toggle, seek, setLooping };
}
