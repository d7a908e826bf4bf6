import { z } from 'zod';

/**
 * The rules every string a request carries passes, whatever its field: request schemas build
 * their strings from `zText()` (or `zLabel()`, `zSearchWords()`) instead of `z.string()`.
 *
 * PostgreSQL cannot store U+0000 in text (error 22021), and the other control characters have
 * no business in what members read, so they are refused with a 400 on the field; a search
 * query drops them instead, since it is never stored. Titles and names, shown alone on a line
 * and in links, must also look like what they are: no characters that reverse the text after
 * them (`gpj.exe` displayed as `exe.jpg`), and not blank once invisible characters are left out.
 */

/** Unicode control characters (C0, DEL, C1) other than tab, line feed and carriage return. */
const CONTROL_CHARACTER = /(?![\t\n\r])\p{Cc}/u;
const CONTROL_CHARACTERS = new RegExp(CONTROL_CHARACTER.source, 'gu');
/** Half of a surrogate pair without its other half: JSON can carry it, UTF-8 cannot. */
const LONE_SURROGATE = /\p{Cs}/u;
const LONE_SURROGATES = new RegExp(LONE_SURROGATE.source, 'gu');
/** Embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) reorder the text after them. */
const BIDI_OVERRIDE = /[\u202A-\u202E\u2066-\u2069]/u;
/**
 * What takes no room on screen: zero-width space, non-joiner and joiner, word joiner, byte
 * order mark, the direction marks (U+200E, U+200F, U+061C) and the overrides.
 */
const INVISIBLE = /[\u200B-\u200F\u2060\uFEFF\u061C\u202A-\u202E\u2066-\u2069]/gu;

export const TEXT_MESSAGES = {
  control: 'Remove the control characters: text may hold tabs and line breaks, but no others.',
  loneSurrogate: 'Remove the broken character: part of an emoji or symbol is missing.',
  bidiOverride:
    'Remove the text-direction control characters: they make the text read differently from what it is.',
  invisible: 'Use visible characters: this is blank once invisible characters are left out.',
} as const;

export function hasControlCharacter(value: string): boolean {
  return CONTROL_CHARACTER.test(value);
}

/** Drops control characters (but tab and line breaks) and broken surrogate halves. */
export function withoutControlCharacters(value: string): string {
  return value.replace(CONTROL_CHARACTERS, '').replace(LONE_SURROGATES, '');
}

/** Blank for a reader: nothing but spaces and invisible characters, yet not empty. */
function looksBlank(value: string): boolean {
  return value.trim() !== '' && value.replace(INVISIBLE, '').trim() === '';
}

/**
 * Any text a member sends; chain the field's own rules after it (`zText('Write the comment.')
 * .trim().max(…)`). `invalidType` answers a value that is not a string.
 */
export function zText(invalidType?: string) {
  return z
    .string(invalidType)
    .refine((value) => !CONTROL_CHARACTER.test(value), {
      message: TEXT_MESSAGES.control,
      abort: true,
    })
    .refine((value) => !LONE_SURROGATE.test(value), {
      message: TEXT_MESSAGES.loneSurrogate,
      abort: true,
    });
}

/** A title or a name: text shown on its own, which must read as what it is and not be blank. */
export function zLabel(invalidType?: string) {
  return zText(invalidType)
    .refine((value) => !BIDI_OVERRIDE.test(value), {
      message: TEXT_MESSAGES.bidiOverride,
      abort: true,
    })
    .refine((value) => !looksBlank(value), { message: TEXT_MESSAGES.invisible, abort: true });
}

/** Words to search for: control characters are dropped rather than refused (nothing is stored). */
export function zSearchWords(invalidType?: string) {
  return z.string(invalidType).overwrite(withoutControlCharacters);
}
