import type { ReactNode } from 'react';
import { ThemeProvider } from '@mui/material/styles';
import { theme } from './theme';

/**
 * The theme for MUI components beneath. Its CSS variables are already in index.html (written at
 * build, `build/theme-css.ts`), so the provider does not write them again.
 */
export function MuiThemeProvider({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme} disableStyleSheetGeneration>
      {children}
    </ThemeProvider>
  );
}
