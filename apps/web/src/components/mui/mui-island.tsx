import { lazy } from 'react';
import type { ComponentType, LazyExoticComponent } from 'react';

/**
 * A component drawn with MUI, loaded when first drawn together with the theme it needs. First
 * screens are plain elements (docs/conventions.md), so MUI, emotion and their start-up arrive
 * only with what uses them: a menu, a dialog, a form. Render it inside `<Suspense>`.
 *
 *     const AuthorTools = muiIsland(() => import('./author-tools').then((m) => m.AuthorTools));
 */
export function muiIsland<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(async () => {
    const [Component, { MuiThemeProvider }] = await Promise.all([
      load(),
      import('./theme-provider'),
    ]);
    function Island(props: Props) {
      return (
        <MuiThemeProvider>
          <Component {...props} />
        </MuiThemeProvider>
      );
    }
    return { default: Island };
  });
}
