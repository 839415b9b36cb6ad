import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { expect, it } from 'vitest';
import { thresholdsFixture } from '@/testing/insight-fixtures';
import { renderWithProviders } from '@/testing/render';
import { ThresholdSection } from './threshold-section';

it('says what operators heard in the clips: confirmed, and what the wrong ones really were', async () => {
  const [one] = thresholdsFixture().suggestions;
  const listening = {
    confirmed: 2,
    wrong: 7,
    heard_as: [
      { label_id: 'siren', label_name: { en: 'Siren', ko: '사이렌' }, n: 5 },
      { label_id: 'horn', label_name: null, n: 2 },
    ],
  };
  const quiet = { ...one!, mic_id: 'mic-0001', mic_name: 'Quiet pole' };
  renderWithProviders(
    <MemoryRouter>
      <ThresholdSection data={thresholdsFixture({ suggestions: [{ ...one!, listening }, quiet] })} />
    </MemoryRouter>,
  );
  expect(await screen.findByRole('listitem', { name: 'Noisy pole · Dog bark' })).toHaveTextContent(
    'By ear: 2 confirmed, 7 another sound (heard as Siren 5, horn 2)',
  );
  // Nothing heard yet: no line at all, not "0 confirmed".
  expect(screen.getByRole('listitem', { name: 'Quiet pole · Dog bark' })).not.toHaveTextContent('By ear');
});
