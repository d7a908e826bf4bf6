/**
 * Background colours for avatars without a picture. Each holds white initials at a contrast of
 * at least 4.5:1 (WCAG AA for text), in both colour schemes, and the hues are far enough apart
 * that neighbours in a list look different.
 */
export const AVATAR_COLORS = [
  '#5348C6', // brand violet
  '#1565C0', // blue
  '#00695C', // teal
  '#2E7D32', // green
  '#AD1457', // pink
  '#C62828', // red
  '#6A1B9A', // purple
  '#01579B', // deep sky
  '#BF360C', // rust
  '#5D4037', // brown
  '#37474F', // slate
  '#006064', // dark cyan
] as const;

/** FNV-1a: a cheap, stable 32-bit hash, so a member keeps their colour on every device. */
function hashOf(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** The avatar colour of a member, from their username (case does not matter). */
export function avatarColorOf(username: string): string {
  return AVATAR_COLORS[hashOf(username.toLowerCase()) % AVATAR_COLORS.length] ?? AVATAR_COLORS[0];
}
