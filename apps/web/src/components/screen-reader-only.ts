/**
 * Styles for text read by screen readers but not shown. A negative margin and no padding keep the
 * 1 px box from widening a page whose container has no positioned ancestor.
 */
export const screenReaderOnly = {
  position: 'absolute',
  // Strings: in sx a number up to 1 is a fraction of the parent (width: 1 is 100%), and
  // margin counts theme spacing.
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
