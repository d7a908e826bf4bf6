import { describe, expect, it } from 'vitest';
import { theme } from '../src/components/mui/theme';
import { cssText } from './theme-css';

describe('cssText', () => {
  it('writes declarations before nested rules, in kebab case except custom properties', () => {
    expect(
      cssText({
        '@media (prefers-color-scheme: dark)': { ':root': { colorScheme: 'dark', '--mui-x': 1 } },
      }),
    ).toBe('@media (prefers-color-scheme: dark){:root{color-scheme:dark;--mui-x:1;}}');
  });

  it("writes every variable the theme's components read, light and dark", () => {
    const css = theme.generateStyleSheets().map(cssText).join('');
    expect(css).toContain(':root{color-scheme:light;--mui-palette-primary-main:#5348C6;');
    expect(css).toContain('--mui-palette-background-default:#F7F7FB;');
    expect(css).toMatch(/@media \(prefers-color-scheme: dark\)\{:root\{color-scheme:dark;/);
    expect(css).toContain('--mui-palette-background-default:#111018;');
    expect(css).toContain('--mui-shape-borderRadius:12px;');
  });
});
