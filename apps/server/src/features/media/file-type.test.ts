import { describe, expect, it } from 'vitest';
import { sampleFiles } from '../../../test/media';
import { extensionOf, sniffFileType } from './file-type';

describe('sniffFileType', () => {
  it.each([
    ['WAV', sampleFiles.wav(), 'audio/wav'],
    ['WebM from MediaRecorder', sampleFiles.webm(), 'audio/webm'],
    ['Ogg Opus', sampleFiles.ogg('OpusHead'), 'audio/ogg'],
    ['Ogg Vorbis', sampleFiles.ogg('\x01vorbis'), 'audio/ogg'],
    ['MP3 frames', sampleFiles.mp3(), 'audio/mpeg'],
    ['MP3 with an ID3 tag', Buffer.from('ID3\x04\x00\x00\x00\x00\x00\x00', 'latin1'), 'audio/mpeg'],
    ['M4A', sampleFiles.mp4('M4A '), 'audio/mp4'],
    ['MP4 as Safari records it', sampleFiles.mp4('iso5'), 'audio/mp4'],
    ['FLAC', Buffer.from('fLaC\x00\x00\x00\x22', 'latin1'), 'audio/flac'],
    ['AAC in ADTS', Buffer.from([0xff, 0xf1, 0x50, 0x80, 0x02, 0x1f, 0xfc]), 'audio/aac'],
    ['PDF', sampleFiles.pdf(), 'application/pdf'],
    ['UTF-8 text', sampleFiles.text(), 'text/plain'],
    ['PNG', sampleFiles.png(), 'image/png'],
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), 'image/jpeg'],
    ['WebP', Buffer.from('RIFF\x10\x00\x00\x00WEBPVP8 ', 'latin1'), 'image/webp'],
    ['GIF', Buffer.from('GIF89a\x01\x00\x01\x00', 'latin1'), 'image/gif'],
    ['HEIC from an iPhone', sampleFiles.mp4('heic'), 'image/heif'],
    ['HEIF', sampleFiles.mp4('mif1'), 'image/heif'],
    ['AVIF', sampleFiles.mp4('avif'), 'image/avif'],
  ])('recognises %s', (_kind, bytes, type) => {
    expect(sniffFileType(bytes, true)).toBe(type);
  });

  it.each([
    ['SVG', Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['HTML', Buffer.from('\n  <!doctype html><title>Hi</title>')],
    ['Ogg Theora video', sampleFiles.ogg('\x80theora')],
    [
      'Matroska video',
      Buffer.concat([sampleFiles.webm().subarray(0, 22), Buffer.from('matroska')]),
    ],
    ['QuickTime movie', sampleFiles.mp4('qt  ')],
    ['Windows program', Buffer.from('MZ\x90\x00\x03\x00\x00\x00', 'latin1')],
    ['ZIP archive', Buffer.from('PK\x03\x04\x14\x00', 'latin1')],
    ['binary zeros', Buffer.alloc(64)],
    ['Latin-1 text that is not UTF-8', Buffer.from('caf\xe9 cr\xe8me', 'latin1')],
    ['nothing', Buffer.alloc(0)],
  ])('refuses %s', (_kind, bytes) => {
    expect(sniffFileType(bytes, true)).toBeUndefined();
  });

  it('does not hold a character cut at the end of the first bytes against a text file', () => {
    const text = Buffer.from('é'.repeat(10), 'utf8');
    expect(sniffFileType(text.subarray(0, 19), false)).toBe('text/plain');
    expect(sniffFileType(text.subarray(0, 19), true)).toBeUndefined();
  });

  it('names each type with the extension its storage key gets', () => {
    expect(extensionOf('audio/webm')).toBe('webm');
    expect(extensionOf('audio/mp4')).toBe('m4a');
    expect(extensionOf('text/plain')).toBe('txt');
    expect(extensionOf('image/jpeg')).toBe('jpg');
  });
});
