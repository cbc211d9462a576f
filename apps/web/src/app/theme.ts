import {
  createTheme,
  type CSSVariablesResolver,
  type MantineThemeColors,
  type MantineThemeComponent,
  type PasswordInputProps,
  type SelectProps,
} from '@mantine/core';

/** Mantine's default blue (shade 6) fails 4.5:1 contrast on white; shade 8 passes. */
export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: 8,
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  defaultRadius: 'md',
  respectReducedMotion: true,
  components: {
    // Picking the chosen option again must keep it (Mantine would clear it); a field that may be
    // emptied says so with `clearable` and a named clear button. A plain object, not Select.extend():
    // importing Select here would put Select, Combobox, Popover and @floating-ui in the entry chunk.
    Select: {
      defaultProps: { allowDeselect: false } satisfies Partial<SelectProps>,
    } satisfies MantineThemeComponent,
    // Mantine names the show/hide button in English ('Toggle password visibility'): in Spanish here.
    PasswordInput: {
      defaultProps: {
        visibilityToggleButtonProps: { 'aria-label': 'Mostrar u ocultar la contraseña' },
      } satisfies Partial<PasswordInputProps>,
    } satisfies MantineThemeComponent,
  },
});

/**
 * 'light' buttons write shade 9 on shade 1, and on shade 2 when hovered (4.0:1 for blue, under 4.5):
 * one shade lighter each (0 at rest, 1 on hover) keeps every colour above 4.5:1.
 */
function lightVariantShades(colors: MantineThemeColors): Record<string, string> {
  const vars: Record<string, string> = {};
  for (const name of Object.keys(colors)) {
    vars[`--mantine-color-${name}-light`] = `var(--mantine-color-${name}-0)`;
    vars[`--mantine-color-${name}-light-hover`] = `var(--mantine-color-${name}-1)`;
  }
  return vars;
}

/**
 * Contrast on white: 'dimmed' text is gray 6 by default (3.3:1) and the error colour red 6 (3.3:1);
 * gray 7 and red 9 pass 4.5:1, so secondary text and every field's error message stay readable.
 */
export const cssVariablesResolver: CSSVariablesResolver = (t) => ({
  variables: {},
  light: {
    ...lightVariantShades(t.colors),
    '--mantine-color-dimmed': t.colors.gray[7] ?? '#495057',
    '--mantine-color-error': t.colors.red[9] ?? '#c92a2a',
  },
  dark: {},
});
