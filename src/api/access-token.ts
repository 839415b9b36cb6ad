/**
 * The edge access token a user typed in, when the server holds none. Kept for the browser tab
 * only (sessionStorage): never localStorage, never a URL.
 */
const KEY = 'edge-sound-console.access-token';
/** Set when the edge refused the token, so sign-in can say why the user is back there. */
const REJECTED = 'edge-sound-console.access-token-rejected';

function read(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

export const accessToken = {
  get(): string | null {
    return read(KEY);
  },
  set(token: string): void {
    sessionStorage.setItem(KEY, token);
    sessionStorage.removeItem(REJECTED);
  },
  /** The edge refused the token: drop it, remember why until the next sign-in. */
  reject(): void {
    sessionStorage.removeItem(KEY);
    sessionStorage.setItem(REJECTED, '1');
  },
  wasRejected(): boolean {
    return read(REJECTED) !== null;
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
    sessionStorage.removeItem(REJECTED);
  },
};
