import type { CSSProperties } from 'react';

/** A theme colour as Mantine names it: `teal`, or with a shade, `red.8`; `primary` for the theme's own. */
export type PlainColor = string;
export type PlainVariant = 'filled' | 'light' | 'outline' | 'subtle' | 'dot';

/**
 * The colours Mantine's default resolver gives a variant of a theme colour, as the CSS variables the
 * theme already defines (the app's resolver lifts some of them to 4.5:1, so they are read, not
 * copied). They are set as the control's own variables (`--pc-bg`…); the look is in its stylesheet.
 */
export function variantColors(color: PlainColor, variant: PlainVariant): CSSProperties {
  const [name, shade] = color.split('.') as [string, string | undefined];
  const v = (suffix: string) =>
    name === 'primary' ? `var(--mantine-primary-color-${suffix})` : `var(--mantine-color-${name}-${suffix})`;
  const transparent = '1px solid transparent';
  switch (variant) {
    case 'filled':
      return vars({
        bg: shade === undefined ? v('filled') : v(shade),
        hover: shade === undefined ? v('filled-hover') : v(shadeUp(shade)),
        color: 'var(--mantine-color-white)',
        bd: transparent,
      });
    case 'light':
      return vars({ bg: v('light'), hover: v('light-hover'), color: v('light-color'), bd: transparent });
    case 'outline':
      return vars({
        bg: 'transparent',
        hover: v('outline-hover'),
        color: v('outline'),
        bd: `1px solid ${v('outline')}`,
      });
    case 'subtle':
      return vars({ bg: 'transparent', hover: v('light-hover'), color: v('light-color'), bd: transparent });
    case 'dot':
      return vars({ dot: shade === undefined ? v('filled') : v(shade) });
  }
}

/** Mantine's hover of a filled shade: one darker, but 9 goes back to 8. */
function shadeUp(shade: string): string {
  const n = Number(shade);
  return String(n === 9 ? 8 : n + 1);
}

function vars(values: Record<string, string>): CSSProperties {
  return Object.fromEntries(Object.entries(values).map(([k, value]) => [`--pc-${k}`, value])) as CSSProperties;
}
