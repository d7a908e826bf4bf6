import { createTheme } from '@mui/material/styles';
// Types `theme.vars` as always present, which it is: the theme below enables CSS variables.
import type {} from '@mui/material/themeCssVarsAugmentation';
import { THEME } from '@agora/shared';

const FONT_STACK = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * SPEC §9 colours and breakpoints. Light and dark schemes are emitted as CSS variables
 * switched by `prefers-color-scheme`, so the page follows the system setting without the
 * inline script a class-based selector would need (the server's CSP forbids inline scripts).
 */
export const theme = createTheme({
  cssVariables: { colorSchemeSelector: 'media' },
  colorSchemes: {
    light: {
      palette: {
        primary: { main: THEME.primary },
        secondary: { main: THEME.secondary },
        background: { default: '#F7F7FB', paper: '#FFFFFF' },
        divider: 'rgba(30, 27, 75, 0.10)',
      },
    },
    dark: {
      palette: {
        primary: { main: THEME.primary, light: '#A59EF2' },
        secondary: { main: THEME.secondary },
        background: { default: '#111018', paper: '#1A1924' },
        divider: 'rgba(255, 255, 255, 0.10)',
      },
    },
  },
  breakpoints: { values: { ...THEME.breakpoints } },
  shape: { borderRadius: 12 },
  typography: {
    fontFamily: FONT_STACK,
    h1: { fontWeight: 800, fontSize: '2.5rem', lineHeight: 1.15, letterSpacing: '-0.02em' },
    h2: { fontWeight: 700, fontSize: '2rem', lineHeight: 1.2, letterSpacing: '-0.015em' },
    h3: { fontWeight: 700, fontSize: '1.5rem', lineHeight: 1.3 },
    h4: { fontWeight: 700, fontSize: '1.25rem', lineHeight: 1.35 },
    h5: { fontWeight: 600, fontSize: '1.125rem' },
    h6: { fontWeight: 600, fontSize: '1rem' },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    // The app renders only in the browser, so media queries can be read on the first render
    // instead of flashing the mobile layout first.
    MuiUseMediaQuery: { defaultProps: { noSsr: true } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 10 } },
      variants: [
        {
          // #5348C6 on a dark background is too faint for text; use the lighter tone there.
          props: { variant: 'text', color: 'primary' },
          style: ({ theme }) =>
            theme.applyStyles('dark', { color: theme.vars.palette.primary.light }),
        },
        {
          props: { variant: 'outlined', color: 'primary' },
          style: ({ theme }) =>
            theme.applyStyles('dark', {
              color: theme.vars.palette.primary.light,
              borderColor: `rgba(${theme.vars.palette.primary.lightChannel} / 0.5)`,
            }),
        },
      ],
    },
    MuiLink: {
      defaultProps: { underline: 'hover' },
      styleOverrides: {
        root: ({ theme }) => ({
          fontWeight: 500,
          ...theme.applyStyles('dark', { color: theme.vars.palette.primary.light }),
        }),
      },
    },
    // MUI maps subtitles to h6, which made small print a heading out of order (and a heading
    // nobody meant); a subtitle that is a heading says so with `component`.
    MuiTypography: {
      defaultProps: { variantMapping: { subtitle1: 'p', subtitle2: 'p' } },
    },
    // The default grey of an unselected toggle (action.active) is 4.3:1 on the page background.
    MuiToggleButton: {
      styleOverrides: { root: ({ theme }) => ({ color: theme.vars.palette.text.secondary }) },
    },
    MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
    MuiCard: {
      defaultProps: { variant: 'outlined' },
      styleOverrides: { root: { borderRadius: 16 } },
    },
    MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
    MuiAccordion: {
      defaultProps: { disableGutters: true, elevation: 0 },
      styleOverrides: {
        root: ({ theme }) => ({
          border: `1px solid ${theme.vars.palette.divider}`,
          '&::before': { display: 'none' },
          '&:not(:last-of-type)': { borderBottom: 0 },
          '&:first-of-type': { borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          '&:last-of-type': { borderBottomLeftRadius: 12, borderBottomRightRadius: 12 },
        }),
      },
    },
    MuiAlert: { styleOverrides: { root: { borderRadius: 10 } } },
  },
});
