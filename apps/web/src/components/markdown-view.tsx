import { useMemo } from 'react';
import type { CSSProperties } from 'react';
import { renderMarkdown } from '../lib/markdown';
import styles from './markdown-view.module.css';

interface MarkdownViewProps {
  /** Markdown as a member wrote it. */
  source: string;
  /** Smaller type for comments. */
  dense?: boolean;
  /** Placement in the caller's layout (margins). */
  style?: CSSProperties;
}

/**
 * Member-written Markdown as sanitised HTML (`lib/markdown.ts`): links open in a new tab with
 * `rel="nofollow ugc noopener"`, images load lazily, scripts and event handlers never survive.
 */
export function MarkdownView({ source, dense = false, style }: MarkdownViewProps) {
  const html = useMemo(() => renderMarkdown(source), [source]);
  return (
    <div
      className={`markdown-view ${styles.prose}${dense ? ` ${styles.dense}` : ''}`}
      style={style}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
