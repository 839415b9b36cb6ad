/**
 * The edge access token a user typed in, when the server holds none. Kept for the browser tab
 * only (sessionStorage): never localStorage, never a URL.
 */
const KEY = 'edge-sound-console.access-token';

export const accessToken = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    sessionStorage.setItem(KEY, token);
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
