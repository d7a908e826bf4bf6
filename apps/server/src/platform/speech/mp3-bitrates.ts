/**
 * Bit rates offered: plenty for one voice at 22 kHz (the WAV is ~350 kbit/s). Apart from the
 * encoder, so the main thread checks a request without loading lamejs (the worker encodes).
 */
export const MP3_BITRATES_KBPS = [48, 56, 64] as const;
export type Mp3BitrateKbps = (typeof MP3_BITRATES_KBPS)[number];
