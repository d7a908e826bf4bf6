import type { Theme } from '@mui/material/styles';

/**
 * The brand colour for text and icons. #5348C6 is too faint on the dark background, so the
 * dark scheme uses the lighter tone of the same hue.
 */
export function accentColor(theme: Theme) {
  return {
    color: theme.vars.palette.primary.main,
    ...theme.applyStyles('dark', { color: theme.vars.palette.primary.light }),
  };
}
