import type { Locator, Page } from '@playwright/test';

/** The console's sign-in page (/sign-in): account form, single sign-on button, edge-token step. */
export class SignInPage {
  constructor(readonly page: Page) {}

  get username(): Locator {
    return this.page.getByLabel('Username');
  }

  get password(): Locator {
    return this.page.getByLabel('Password', { exact: true });
  }

  get submit(): Locator {
    return this.page.getByRole('button', { name: 'Sign in', exact: true });
  }

  get alert(): Locator {
    return this.page.getByRole('alert');
  }

  get accessToken(): Locator {
    return this.page.getByLabel('Access token');
  }

  get continueWithToken(): Locator {
    return this.page.getByRole('button', { name: 'Continue' });
  }

  sso(label: string): Locator {
    return this.page.getByRole('link', { name: `Sign in with ${label}` });
  }

  async signIn(username: string, password: string): Promise<void> {
    await this.username.fill(username);
    await this.password.fill(password);
    await this.submit.click();
  }
}

/** The header's account menu (its name says who is signed in, and the role). */
export function accountMenu(page: Page): Locator {
  return page.getByRole('button', { name: /^Account menu: / });
}
