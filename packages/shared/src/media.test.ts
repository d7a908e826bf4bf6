import { describe, expect, it } from 'vitest';
import { FILE_NAME_MAX_LENGTH, isAudioMimeType, uploadName, ZUploadName } from './media';

describe('uploadName', () => {
  it('adds the UTC time to the original name as SPEC §3 writes it', () => {
    const at = new Date('2026-03-01T09:05:07.900+02:00');
    expect(uploadName('talk.webm', at)).toBe('talk.webm 2026-03-01 07:05:07');
    expect(uploadName('  spaced.mp3  ', new Date(Date.UTC(2026, 11, 31, 23, 59, 59)))).toBe(
      'spaced.mp3 2026-12-31 23:59:59',
    );
  });

  it('shortens a long name so the whole stays within the limit the server accepts', () => {
    const name = uploadName('x'.repeat(400), new Date(0));
    expect(name).toHaveLength(FILE_NAME_MAX_LENGTH);
    expect(name.endsWith(' 1970-01-01 00:00:00')).toBe(true);
    expect(ZUploadName.safeParse(name).success).toBe(true);
  });
});

describe('isAudioMimeType', () => {
  it('tells audio from documents', () => {
    expect(isAudioMimeType('audio/webm')).toBe(true);
    expect(isAudioMimeType('application/pdf')).toBe(false);
    expect(isAudioMimeType('video/webm')).toBe(false);
  });
});
