import { useMediaQuery } from '@mantine/hooks';

/** Phones: below Mantine's `sm`-to-`md` range (48em = 768 px); tablets and up get the wide layouts. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * True while the media query matches. Read at first render (not in an effect), so a phone never
 * paints the wide layout first and then jumps.
 */
export function useScreen(query: string): boolean {
  return useMediaQuery(query, window.matchMedia(query).matches, { getInitialValueInEffect: false });
}

/** True on a phone-sized screen. */
export function usePhone(): boolean {
  return useScreen(PHONE_QUERY);
}
