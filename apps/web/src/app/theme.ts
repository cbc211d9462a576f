import { createTheme, type CSSVariablesResolver } from '@mantine/core';

/** Mantine's default blue (shade 6) fails 4.5:1 contrast on white; shade 8 passes. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  respectReducedMotion: true,
});

/** 'dimmed' text is gray 6 by default (3.3:1): use gray 7 so secondary text stays readable. */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: { '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057' },
  dark: {},
});
