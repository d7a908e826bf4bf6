/*
 * What `react-dom/client` is in a production build (vite.config.ts): Preact's compatibility
 * layer draws the app there, ~58 KB gzipped less than react-dom on every first load. The dev
 * server and the unit tests keep React and its warnings.
 *
 * React 19 lifts a page's `<title>` into the document head; Preact leaves it where it is drawn,
 * where the browser ignores it. Here a `<title>` outside an SVG also names the document while
 * it is shown, as React's does.
 */
import { createElement, options } from 'preact';
import type { ComponentChildren, VNode } from 'preact';
import { useLayoutEffect, useRef } from 'preact/hooks';

export { createRoot } from 'preact/compat/client';

interface TitleProps {
  children?: ComponentChildren;
}

function DocumentTitle(props: TitleProps) {
  const element = useRef<HTMLTitleElement>(null);
  const text = [props.children].flat().join('');
  useLayoutEffect(() => {
    // An SVG's title names the picture, not the page.
    if (!element.current || element.current.closest('svg')) return undefined;
    const previous = document.title;
    document.title = text;
    return () => {
      document.title = previous;
    };
  }, [text]);
  return createElement('title', { ...props, ref: element });
}

const nextVnodeHook = options.vnode;
options.vnode = (vnode: VNode) => {
  // DocumentTitle's own `<title>` is the one with a ref: it stays an element.
  if (vnode.type === 'title' && !vnode.ref) vnode.type = DocumentTitle;
  nextVnodeHook?.(vnode);
};
