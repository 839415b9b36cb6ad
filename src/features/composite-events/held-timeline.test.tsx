import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { compositeEventQueries, type CompositeEvent } from '@/api';
import { applyComposites } from '@/api/live/apply';
import { compositeEventFixture, pageFixture } from '@/testing/fixtures';
import { server } from '@/testing/msw-server';
import { renderRoutes } from '@/testing/render';
import { Component } from './composite-events-route';
import { heldView, idsOf, keepEqualEntries, takesAnswer } from './held-timeline';

const entry = (id: string, minute: number, rule = `Rule ${id}`) =>
  compositeEventFixture({
    id,
    started_at: `2026-11-20T10:${String(minute).padStart(2, '0')}:00.000Z`,
    rule: { ...compositeEventFixture().rule, id: `rule-${id}`, name: rule },
  });

describe('what a newer answer of the timeline may replace', () => {
  const shown = { key: 'page 1', events: [entry('b', 2), entry('a', 1)] };

  it('takes the first answer, another query’s, an empty list’s and any page but the first at once', () => {
    expect(takesAnswer(null, 'page 1', true)).toBe(true);
    expect(takesAnswer(shown, 'page 2', false)).toBe(true);
    expect(takesAnswer(shown, 'rule x', true)).toBe(true);
    expect(takesAnswer({ key: 'page 1', events: [] }, 'page 1', true)).toBe(true);
    expect(takesAnswer(shown, 'page 1', false)).toBe(true);
  });

  it('holds a newer answer of the same first page while entries are on screen', () => {
    expect(takesAnswer(shown, 'page 1', true)).toBe(false);
  });

  it('keeps the entries in place, in their newest copy, and holds the new ones', () => {
    const grown = { ...entry('b', 2), events: [...entry('b', 2).events, ...entry('b', 2).events] };
    const { shown: drawn, fresh } = heldView(shown.events, [entry('c', 3), grown]);
    // "a" went to page 2 in the newer answer: it stays until the new ones are shown.
    expect(drawn.map((e) => e.id)).toEqual(['b', 'a']);
    expect(drawn[0]).toBe(grown);
    expect(fresh.map((e) => e.id)).toEqual(['c']);
    expect(idsOf(shown.events, [entry('c', 3), grown])).toEqual(['c', 'b', 'a']);
  });
});

describe('the reviews and scores of a new list of ids', () => {
  it('keep each unchanged item’s last copy, so its entry is not drawn again', () => {
    const before = new Map([
      ['a', { level: 'high', score: 3 }],
      ['b', { level: 'low', score: 1 }],
    ]);
    const answer = new Map([
      ['a', { level: 'high', score: 3 }],
      ['b', { level: 'medium', score: 2 }],
      ['c', { level: 'low', score: 1 }],
    ]);
    const kept = keepEqualEntries(before, answer);
    expect(kept.get('a')).toBe(before.get('a'));
    expect(kept.get('b')).toEqual({ level: 'medium', score: 2 });
    expect(kept.get('c')).toBe(answer.get('c'));
    // Nothing changed: the map itself is the one drawn.
    expect(keepEqualEntries(kept, new Map([...kept].map(([k, v]) => [k, { ...v }])))).toBe(kept);
  });
});

describe('/composite-events while new composite events arrive', () => {
  beforeEach(() => {
    vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
  });

  it('holds them behind "N new", keeps the cursor on its entry, and shows them on click', async () => {
    let answer: CompositeEvent[] = [entry('b', 2, 'Glass at gate B'), entry('a', 1, 'Glass at gate A')];
    server.use(
      http.get('/api/v1/composite-events', () => HttpResponse.json(pageFixture(answer))),
      http.get('/api/priority/items', () => HttpResponse.json({ priorities: {} })),
    );
    const { queryClient } = renderRoutes([{ path: '/composite-events', Component }], { path: '/composite-events' });
    const timeline = await screen.findByLabelText('Composite event timeline');
    const names = () =>
      within(timeline)
        .getAllByRole('article')
        .map((a) => a.querySelector('a')?.textContent);
    await within(timeline).findByText('Glass at gate B');
    await userEvent.keyboard('j');
    expect(screen.getByText('Glass at gate A').closest('[aria-current="true"]')).not.toBeNull();

    answer = [entry('c', 3, 'Scream at gate C'), ...answer];
    await act(() => queryClient.invalidateQueries({ queryKey: compositeEventQueries.lists() }));
    const notice = await screen.findByRole('button', { name: '1 new composite event' });
    expect(names()).toEqual(['Glass at gate B', 'Glass at gate A']);

    await userEvent.click(notice);
    expect(names()).toEqual(['Scream at gate C', 'Glass at gate B', 'Glass at gate A']);
    expect(screen.queryByRole('button', { name: /new composite/ })).toBeNull();
    // The cursor stayed on the entry it was on, now the third.
    expect(screen.getByText('Glass at gate A').closest('[aria-current="true"]')).not.toBeNull();
  });

  it('takes a pushed composite event into the timeline behind "N new", without reading the list again', async () => {
    let reads = 0;
    server.use(
      http.get('/api/v1/composite-events', () => {
        reads++;
        return HttpResponse.json(pageFixture([entry('b', 2, 'Glass at gate B'), entry('a', 1, 'Glass at gate A')]));
      }),
      http.get('/api/priority/items', () => HttpResponse.json({ priorities: {} })),
    );
    const { queryClient } = renderRoutes([{ path: '/composite-events', Component }], { path: '/composite-events' });
    const timeline = await screen.findByLabelText('Composite event timeline');
    await within(timeline).findByText('Glass at gate B');
    expect(reads).toBe(1);

    act(() => applyComposites(queryClient, [entry('c', 3, 'Scream at gate C')]));
    await userEvent.click(await screen.findByRole('button', { name: '1 new composite event' }));
    expect(within(timeline).getByText('Scream at gate C')).toBeVisible();
    expect(reads).toBe(1);
  });
});
