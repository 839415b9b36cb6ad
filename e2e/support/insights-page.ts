import type { Page } from '@playwright/test';

/** /insights and the replay on a composite event's page: locators only; specs assert. */
export class InsightsPage {
  constructor(readonly page: Page) {}

  goto() {
    return this.page.goto('/insights');
  }

  refresh() {
    return this.page.getByRole('button', { name: 'Refresh' });
  }

  unusualMics() {
    return this.page.getByRole('list', { name: 'Mics' });
  }

  suspect(micName: string) {
    return this.page.getByRole('list', { name: 'Mic health' }).getByRole('listitem', { name: micName, exact: true });
  }

  suggestions() {
    return this.page.getByRole('list', { name: 'Threshold advice' }).getByRole('listitem');
  }

  reviewInDrawer(index: number) {
    return this.suggestions()
      .nth(index)
      .getByRole('link', { name: /^Review .* in the drawer$/ });
  }

  drawer() {
    return this.page.getByRole('dialog');
  }

  replay() {
    return this.page.getByRole('region', { name: 'Replay', exact: true });
  }

  replaySlider() {
    return this.replay().getByRole('slider');
  }

  play() {
    return this.replay().getByRole('button', { name: 'Play' });
  }

  nextEvent() {
    return this.replay().getByRole('button', { name: 'Next event' });
  }

  heardEvents() {
    return this.replay().getByRole('list', { name: 'Events in time order' }).locator('li[data-heard="true"]');
  }
}
