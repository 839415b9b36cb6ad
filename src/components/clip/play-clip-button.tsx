import { IconPlayerPause, IconPlayerPlay, IconVolumeOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
// Not through '@/api': the audio client stays out of the first paint, in the pages that play.
import { AudioError, audioQueries } from '@/api/audio';
import { useTranslation } from '@/lib/i18n';
import { PlainActionIcon } from '../plain-controls/plain-button';
import './locales';

/** One clip plays at a time across the page: starting another pauses it. */
let current: HTMLAudioElement | null = null;

/**
 * A small play button for one detection's clip (lists: the review queue, the events list). The
 * clip is fetched on the first press, from the console (which reads it from the edge); a clip that
 * cannot be had turns the button into a muted one that says why.
 */
export function PlayClipButton({ compositeId, eventId, mic }: { compositeId: string; eventId: string; mic: string }) {
  const { t } = useTranslation('clip');
  const queryClient = useQueryClient();
  const audio = useRef<HTMLAudioElement | null>(null);
  const [state, setState] = useState<'idle' | 'loading' | 'playing'>('idle');
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      const element = audio.current;
      if (element === null) return;
      element.pause();
      URL.revokeObjectURL(element.src);
    },
    [],
  );

  const press = async () => {
    if (state === 'playing') {
      audio.current?.pause();
      return;
    }
    if (audio.current === null) {
      setState('loading');
      try {
        const clip = await queryClient.fetchQuery(audioQueries.clip(compositeId, eventId));
        const element = new Audio(URL.createObjectURL(new Blob([clip.bytes], { type: clip.type })));
        element.onplay = () => setState('playing');
        element.onpause = () => setState('idle');
        audio.current = element;
      } catch (error) {
        const key = error instanceof AudioError ? error.problem : 'other';
        setProblem(t(`problem.${key}`));
        setState('idle');
        return;
      }
    }
    const element = audio.current;
    if (current !== null && current !== element) current.pause();
    current = element;
    if (element.ended) element.currentTime = 0;
    await element.play().catch(() => setProblem(t('problem.undecodable')));
  };

  if (problem !== null) {
    return (
      <PlainActionIcon
        color="gray"
        aria-label={t('failed', { mic, problem })}
        data-hint={problem}
        onClick={(event) => {
          event.preventDefault();
          event.stopPropagation();
          setProblem(null);
          void press();
        }}
      >
        <IconVolumeOff size={14} />
      </PlainActionIcon>
    );
  }
  return (
    <PlainActionIcon
      loading={state === 'loading'}
      aria-label={state === 'playing' ? t('pause', { mic }) : t('play', { mic })}
      onClick={(event) => {
        event.preventDefault();
        event.stopPropagation();
        void press();
      }}
    >
      {state === 'playing' ? <IconPlayerPause size={14} /> : <IconPlayerPlay size={14} />}
    </PlainActionIcon>
  );
}
