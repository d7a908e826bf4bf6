import { uploadName, withoutControlCharacters, ZUploadName } from '@agora/shared';

/** Characters that turn text around (`gpj.exe` shown as `exe.jpg`), and runs of white space. */
const DIRECTION_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;
const WHITE_SPACE = /\s+/g;

/**
 * SPEC §3's name of a picture sent without one: its file's own name plus the UTC time, made
 * safe to show (a device may name a file anything); "picture" when nothing of it is left.
 */
export function pictureName(filename: string, at: Date): string {
  const cleaned = withoutControlCharacters(filename)
    .replace(DIRECTION_CONTROLS, '')
    .replace(WHITE_SPACE, ' ');
  const name = ZUploadName.safeParse(uploadName(cleaned, at));
  return name.success ? name.data : uploadName('picture', at);
}
