import styles from './skeleton.module.css';

interface PlainSkeletonProps {
  variant?: 'text' | 'circular' | 'rounded';
  width?: number | string;
  height?: number | string;
}

/** A placeholder in the shape of what is loading; decorative, so hidden from screen readers. */
export function PlainSkeleton({ variant = 'text', width, height }: PlainSkeletonProps) {
  return (
    <span aria-hidden className={`${styles.bone} ${styles[variant]}`} style={{ width, height }} />
  );
}
