export { markdownToSpeechText, type SpeechPost } from './markdown-to-speech-text';
export { MP3_BITRATES_KBPS, type Mp3BitrateKbps } from './mp3-bitrates';
export { createSpeech, type Speech } from './speech';
export { speechPlugin } from './speech.plugin';
export {
  MAX_SPEECH_TEXT_LENGTH,
  SPEECH_TIMEOUT_MS,
  speechQueueStats,
  synthesiseSpeech,
  type SpeechAudio,
  type SpeechOptions,
} from './synthesise';
