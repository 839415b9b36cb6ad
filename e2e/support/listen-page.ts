import type { Page } from '@playwright/test';

/** The drill-down's Listen section: locators only; specs assert. */
export class ListenPage {
  constructor(
    readonly page: Page,
    readonly base: string,
  ) {}

  gotoDetail(id: string) {
    return this.page.goto(`${this.base}/composite-events/${encodeURIComponent(id)}`);
  }

  section() {
    return this.page.getByRole('region', { name: 'Listen' });
  }

  /** The clip rows of the sound shown, in arrival order. */
  rows() {
    return this.section().getByRole('group', { name: 'Listen' }).getByRole('listitem');
  }

  selectedRow() {
    return this.rows().and(this.page.locator('[aria-current="true"]'));
  }

  spectrogram(row: number) {
    return this.rows()
      .nth(row)
      .getByRole('img', { name: /^Spectrogram of / });
  }

  playButton(row: number) {
    return this.rows()
      .nth(row)
      .getByRole('button', { name: /^(Play|Pause) / });
  }

  audio(row: number) {
    return this.rows().nth(row).locator('audio');
  }

  button(name: 'Play all in order' | 'Stop' | 'Confirmed by listening' | 'Evidence pack') {
    return this.section().getByRole('button', { name, exact: true });
  }

  wrongLabel() {
    return this.section().getByRole('button', { name: 'The label is wrong: it was…' });
  }

  /** The category picker "the label is wrong" opens. */
  relabelDialog() {
    return this.page.getByRole('dialog', { name: 'The label is wrong: it was…' });
  }

  history() {
    return this.page.getByRole('region', { name: 'History' });
  }
}
