import type { CSSProperties } from 'react';

/** Mantine's theme colours (src/app/theme.ts adds none). */
export type ThemeColor =
  | 'dark'
  | 'gray'
  | 'red'
  | 'pink'
  | 'grape'
  | 'violet'
  | 'indigo'
  | 'blue'
  | 'cyan'
  | 'green'
  | 'lime'
  | 'yellow'
  | 'orange'
  | 'teal';
type Shade = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;
/** A theme colour as Mantine names it: `teal`, or with a shade, `red.8`. */
export type PlainColor = ThemeColor | `${ThemeColor}.${Shade}`;
export type PlainVariant = 'filled' | 'light' | 'outline' | 'subtle' | 'dot';

/**
 * The colours Mantine's default resolver gives a variant of a theme colour (or of `primary`, the
 * theme's own), as the CSS variables the theme already defines: the app's resolver lifts some of
 * them to 4.5:1, so they are read, not copied. Mantine's `darken(c, 0.1)` and `rgba(c, a)` of a
 * shade are the same sums as `color-mix` with black or transparent. They are set as the control's
 * own variables (`--pc-bg`…); the look is in its stylesheet.
 */
export function variantColors(color: PlainColor | 'primary', variant: PlainVariant): CSSProperties {
  const [name, shade] = color.split('.') as [string, string | undefined];
  const v = (suffix: string) =>
    name === 'primary' ? `var(--mantine-primary-color-${suffix})` : `var(--mantine-color-${name}-${suffix})`;
  const transparent = '1px solid transparent';
  const mix = (base: string, percent: number, other: string) => `color-mix(in srgb, ${base} ${percent}%, ${other})`;
  switch (variant) {
    case 'filled':
      return vars({
        bg: shade === undefined ? v('filled') : v(shade),
        hover: shade === undefined ? v('filled-hover') : v(shade === '9' ? '8' : String(Number(shade) + 1)),
        color: 'var(--mantine-color-white)',
        bd: transparent,
      });
    case 'light':
      return shade === undefined
        ? vars({ bg: v('light'), hover: v('light-hover'), color: v('light-color'), bd: transparent })
        : vars({ bg: v(shade), hover: mix(v(shade), 90, 'black'), color: v('light-color'), bd: transparent });
    case 'outline':
      // Mantine has no outline variables for `primary`: its filled colour is what the light scheme shows.
      if (name === 'primary')
        return vars({ bg: 'transparent', hover: v('light-hover'), color: v('filled'), bd: `1px solid ${v('filled')}` });
      return shade === undefined
        ? vars({ bg: 'transparent', hover: v('outline-hover'), color: v('outline'), bd: `1px solid ${v('outline')}` })
        : vars({
            bg: 'transparent',
            hover: mix(v(shade), 5, 'transparent'),
            color: v(shade),
            bd: `1px solid ${v(shade)}`,
          });
    case 'subtle':
      return shade === undefined
        ? vars({ bg: 'transparent', hover: v('light-hover'), color: v('light-color'), bd: transparent })
        : vars({
            bg: 'transparent',
            hover: mix(v(shade), 12, 'transparent'),
            color: v(String(Math.min(Number(shade), 6))),
            bd: transparent,
          });
    case 'dot':
      return vars({ dot: shade === undefined ? v('filled') : v(shade) });
  }
}

function vars(values: Record<string, string>): CSSProperties {
  return Object.fromEntries(Object.entries(values).map(([k, value]) => [`--pc-${k}`, value])) as CSSProperties;
}
