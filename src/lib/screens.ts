import { useMediaQuery } from '@mantine/hooks';

/** Phones: below Mantine's `sm`-to-`md` range (48em = 768 px); tablets and up get the wide layouts. */
export const PHONE_QUERY = '(max-width: 47.99em)';

/**
 * True on a phone-sized screen. Read at first render (not in an effect), so a phone never
 * paints the wide layout first and then jumps.
 */
export function usePhone(): boolean {
  return useMediaQuery(PHONE_QUERY, window.matchMedia(PHONE_QUERY).matches, { getInitialValueInEffect: false });
}
