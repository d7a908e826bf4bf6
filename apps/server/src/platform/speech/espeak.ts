import ESpeakNg from 'espeak-ng';

export interface EspeakOptions {
  /** eSpeak NG voice name, e.g. `en-us`, `en-gb`, `fr`, `en-us+f3`. */
  voice: string;
  wordsPerMinute: number;
}

const INPUT = '/input.txt';
const OUTPUT = '/output.wav';

/**
 * Runs the eSpeak NG command line (compiled to WebAssembly) once and returns the WAV it
 * wrote: 22,050 Hz, 16-bit mono. Each call instantiates the module afresh (~18 MB of code
 * and data plus its own 32 MB heap), because its main() is not meant to run twice.
 *
 * The text goes through a file in the module's in-memory file system rather than argv:
 * argv is copied onto a 64 KB WebAssembly stack, and text starting with "-" would be read
 * as an option. The WAV comes back the same way (`-w`), since stdout is line-buffered text.
 */
export async function runEspeak(text: string, options: EspeakOptions): Promise<Uint8Array> {
  const output: string[] = [];
  let status = 0;
  const espeak = await ESpeakNg({
    arguments: [
      ...['-b', '1'], // input is UTF-8
      ...['-v', options.voice],
      ...['-s', String(options.wordsPerMinute)],
      ...['-f', INPUT],
      ...['-w', OUTPUT],
    ],
    preRun: [(module) => module.FS.writeFile(INPUT, text)],
    print: (line) => output.push(line),
    printErr: (line) => output.push(line),
    quit: (exitStatus, toThrow) => {
      status = exitStatus;
      throw toThrow;
    },
  });
  // A bad voice makes main() fail or write no sound; either way, say what eSpeak said.
  let wav: Uint8Array | null = null;
  try {
    wav = espeak.FS.readFile(OUTPUT);
  } catch {
    // No file written.
  }
  if (status !== 0 || !wav) {
    // Emscripten adds a line about keeping the runtime alive after exit(): not news.
    const said = output
      .filter((line) => !line.startsWith('program exited'))
      .join(' ')
      .trim();
    throw new Error(`eSpeak NG produced no audio (status ${status})${said ? `: ${said}` : '.'}`);
  }
  return wav;
}
