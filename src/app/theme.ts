import {
  createTheme,
  DEFAULT_THEME,
  darken,
  mergeThemeOverrides,
  type CSSVariablesResolver,
  type MantineThemeOverride,
} from '@mantine/core';
import type { TFunction } from '@/lib/i18n';

export const theme = createTheme({
  primaryColor: 'indigo',
  // Shade 7 keeps white text on filled buttons and links on light backgrounds above 4.5:1.
  primaryShade: { light: 7, dark: 8 },
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Tooltip: { defaultProps: { multiline: true, maw: 360 } },
    // A closed dropdown kept in the DOM still has floating-ui position it on every layout change,
    // each time forcing a style recalculation of the whole page (a filter bar above a table).
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

/**
 * Mantine's built-in controls (close, clear, password reveal, calendar arrows) carry no name of
 * their own; the theme gives them one in the UI language, so every dialog, toast and picker is
 * named for screen readers without each feature repeating it.
 */
export function localizedTheme(t: TFunction): MantineThemeOverride {
  const close = { closeButtonProps: { 'aria-label': t('controls.close') } };
  const clear = { clearButtonProps: { 'aria-label': t('controls.clear') } };
  const calendar = { previousLabel: t('controls.previous'), nextLabel: t('controls.next') };
  return mergeThemeOverrides(theme, {
    components: {
      Modal: { defaultProps: close },
      Drawer: { defaultProps: close },
      Notification: { defaultProps: close },
      Select: { defaultProps: clear },
      MultiSelect: { defaultProps: clear },
      PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': t('controls.showHide') } } },
      DateTimePicker: {
        defaultProps: { ...clear, ...calendar, submitButtonProps: { 'aria-label': t('controls.apply') } },
      },
      DatePickerInput: { defaultProps: { ...clear, ...calendar } },
    },
  });
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const v = parseInt(hex.slice(i, i + 2), 16) / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The first of the colours (darkest last) that reads at 4.5:1 on the background, or the darkest. */
function readable(candidates: string[], background: string): string {
  return candidates.find((c) => contrast(c, background) >= 4.6) ?? candidates[candidates.length - 1]!;
}

/**
 * Mantine's defaults put some text below 4.5:1 (dimmed text, placeholders, light and outline
 * badges in teal, orange, yellow…). Operators read these for hours, so each is darkened (light
 * scheme) or lightened (dark scheme) just enough to pass WCAG AA.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => {
  const light: Record<string, string> = {
    '--mantine-color-dimmed': '#5c6369',
    '--mantine-color-placeholder': '#646b72',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
  };
  for (const [name, shades] of Object.entries(DEFAULT_THEME.colors)) {
    const darker = [shades[9], darken(shades[9], 0.15), darken(shades[9], 0.3), darken(shades[9], 0.45)];
    light[`--mantine-color-${name}-light-color`] = readable(darker, shades[1]);
    light[`--mantine-color-${name}-outline`] = readable(
      [shades[6], shades[7], shades[8], ...darker],
      DEFAULT_THEME.colors.gray[0],
    );
  }
  return {
    // The wall's surfaces, which Mantine's palette has no shade for (it is always dark).
    variables: {
      '--wall-color-body': '#0a0e13',
      '--wall-color-line': '#1f2833',
      '--wall-color-entry': '#141b24',
      '--wall-color-composite': '#231a12',
      '--wall-color-escalated': '#8f1d1d',
      '--wall-color-escalated-edge': '#ff4d4d',
      '--wall-color-flash': '#5c1f1f',
      '--wall-color-new': '#3d1a1a',
      '--wall-color-unusual': '#2b1d05',
    },
    light,
    dark: {
      '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
      '--mantine-color-placeholder': '#a3a3a3',
      '--mantine-color-error': 'var(--mantine-color-red-5)',
    },
  };
};
