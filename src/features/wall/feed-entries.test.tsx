import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { HeardBy } from '@/api/insights';
import type { HeardByLookup } from '@/components/heard-by/use-heard-by';
import { compositeEventFixture, eventFixture } from '@/testing/fixtures';
import { renderWithProviders } from '@/testing/render';
import { CompositeEntry, EventEntry } from './feed-entries';

const at = Date.parse('2026-11-21T07:00:00.000Z');
const lookup = (known: Record<string, HeardBy[]>): HeardByLookup => ({
  of: (id) => known[id],
  completeOf: () => true,
  windowS: 10,
  error: null,
});

function renderEntry(id: string, heardBy: HeardByLookup) {
  const event = eventFixture({ id });
  renderWithProviders(
    <ul>
      <EventEntry
        entry={{ id, at, firstSeenAt: 0, item: event }}
        fresh={false}
        heardBy={heardBy.of(id, event.created_at)}
        heardByComplete={heardBy.completeOf(id)}
        heardByWindowS={heardBy.windowS}
      />
    </ul>,
  );
  return screen.getByRole('listitem');
}

describe('wall event entry', () => {
  it('says how many mics heard it beside its mic, naming them in the hint as text', () => {
    const entry = renderEntry(
      'evt-1',
      lookup({
        'evt-1': [
          { id: 'mic-0001', name: '서울역 광장 북측 기둥' },
          { id: 'mic-0002', name: '<b>Gate</b>' },
        ],
      }),
    );
    const heard = screen.getByText('Heard by 2 mics');
    expect(heard).toHaveAttribute('data-corroborated', 'true');
    expect(heard).toHaveAttribute('data-hint', 'Same sound within 10 s at: 서울역 광장 북측 기둥, <b>Gate</b>');
    expect(entry.querySelector('b')).toBeNull();
  });

  it('dims its own mic alone', () => {
    renderEntry('evt-1', lookup({ 'evt-1': [{ id: 'mic-0001', name: 'Gate A' }] }));
    expect(screen.getByText('Only its own mic')).toHaveAttribute('data-corroborated', 'false');
  });

  it('says when who heard it is not known yet', () => {
    renderEntry('evt-9', lookup({}));
    expect(screen.getByRole('img', { name: 'Not known yet' })).toHaveTextContent('…');
  });
});

describe('wall composite entry', () => {
  it('leaves a space after its badges, so its line breaks between words, not inside the first', () => {
    const composite = compositeEventFixture();
    renderWithProviders(
      <ul>
        <CompositeEntry
          entry={{ id: composite.id, at, firstSeenAt: at, item: composite }}
          fresh
          age="1 min"
          review={undefined}
          escalated={false}
          index={0}
          priority={{ level: 'critical', score: 90, review: true, reasons: [], summary: '' }}
        />
      </ul>,
    );
    const title = screen.getByText(composite.rule.name, { exact: false });
    expect(title.textContent).toMatch(new RegExp(`^New Critical ${composite.rule.name}$`, 'i'));
  });
});
