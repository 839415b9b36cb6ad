import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'indigo',
  defaultRadius: 'sm',
  fontFamily:
    'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans KR", "Apple SD Gothic Neo", "Malgun Gothic", sans-serif',
  fontFamilyMonospace: 'ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace',
  headings: { fontWeight: '650' },
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Tooltip: { defaultProps: { multiline: true, maw: 360 } },
  },
});
