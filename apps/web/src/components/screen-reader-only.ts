/**
 * Styles for text read by screen readers but not shown. `margin: -1` and no padding keep the
 * 1 px box from widening a page whose container has no positioned ancestor.
 */
export const screenReaderOnly = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
