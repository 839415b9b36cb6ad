import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { server } from '@/testing/msw-server';
import { Providers } from '@/testing/render';
import { PlayClipButton } from './play-clip-button';

describe('PlayClipButton', () => {
  const play = vi.fn(function (this: HTMLMediaElement) {
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  beforeEach(() => {
    play.mockClear();
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(play);
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
      this.dispatchEvent(new Event('pause'));
    });
    URL.createObjectURL = vi.fn(() => 'blob:clip');
    URL.revokeObjectURL = vi.fn();
  });
  afterEach(() => vi.restoreAllMocks());

  it('fetches the clip from the console on the first press and plays it; a second press pauses', async () => {
    let asked = 0;
    server.use(
      http.get('/api/audio/composite-events/ce%201/events/be-1', () => {
        asked++;
        return new HttpResponse(new Uint8Array([1, 2, 3]), { headers: { 'content-type': 'audio/wav' } });
      }),
    );
    render(
      <Providers>
        <PlayClipButton compositeId="ce 1" eventId="be-1" mic="Gate" />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play the clip of Gate' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Pause the clip of Gate' }));
    expect(await screen.findByRole('button', { name: 'Play the clip of Gate' })).toBeInTheDocument();
    expect(play).toHaveBeenCalledTimes(1);
    expect(asked).toBe(1);
  });

  it('says why when the edge has no clip', async () => {
    server.use(
      http.get('/api/audio/composite-events/ce-1/events/be-1', () =>
        HttpResponse.json({ detail: 'gone', reason: 'missing' }, { status: 404 }),
      ),
    );
    render(
      <Providers>
        <PlayClipButton compositeId="ce-1" eventId="be-1" mic="Gate" />
      </Providers>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Play the clip of Gate' }));
    expect(
      await screen.findByRole('button', { name: 'No clip of Gate: The edge has no clip for this detection.' }),
    ).toBeInTheDocument();
    expect(play).not.toHaveBeenCalled();
  });
});
