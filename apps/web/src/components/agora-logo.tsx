import type { SVGProps } from 'react';

interface AgoraLogoProps extends Omit<SVGProps<SVGSVGElement>, 'role'> {
  size?: number;
  /** Leave empty when a visible "Agora" label sits beside the mark. */
  title?: string;
}

/** The Agora mark, drawn inline so it shows before any image request (same drawing as public/logo.svg). */
export function AgoraLogo({ size = 32, title = 'Agora logo', ...props }: AgoraLogoProps) {
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      {...(title ? { role: 'img', 'aria-label': title } : { 'aria-hidden': true })}
      {...props}
    >
      <rect width="64" height="64" rx="16" fill="#5348C6" />
      <path
        d="M19.5 47 32 17l12.5 30"
        fill="none"
        stroke="#fff"
        strokeWidth="6.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <path d="M14 37.5h36" stroke="#CFCBF6" strokeWidth="5" strokeLinecap="round" />
    </svg>
  );
}
