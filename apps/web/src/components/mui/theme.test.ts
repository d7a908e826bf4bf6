import { describe, expect, it } from 'vitest';
import { theme } from './theme';

describe('theme', () => {
  it('uses the SPEC §9 primary and secondary colours in both colour schemes', () => {
    expect(theme.palette.primary.main).toBe('#5348C6');
    expect(theme.palette.secondary.main).toBe('#B9B8B8');
    expect(theme.colorSchemes.light?.palette.primary.main).toBe('#5348C6');
    expect(theme.colorSchemes.light?.palette.secondary.main).toBe('#B9B8B8');
    expect(theme.colorSchemes.dark?.palette.primary.main).toBe('#5348C6');
    expect(theme.colorSchemes.dark?.palette.secondary.main).toBe('#B9B8B8');
  });

  it('uses the SPEC §9 breakpoints exactly', () => {
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.breakpoints.up('md')).toBe('@media (min-width:900px)');
  });

  it('has a light and a dark scheme switched by the system setting', () => {
    expect(theme.colorSchemes.light?.palette.mode).toBe('light');
    expect(theme.colorSchemes.dark?.palette.mode).toBe('dark');
    const css = JSON.stringify(theme.generateStyleSheets());
    expect(css).toContain('@media (prefers-color-scheme: dark)');
  });
});
