// The package ships no types; this is the part of its Emscripten module that Agora uses.
declare module 'espeak-ng' {
  interface ESpeakNgFs {
    writeFile(path: string, data: string | Uint8Array): void;
    readFile(path: string): Uint8Array;
  }

  interface ESpeakNgModule {
    FS: ESpeakNgFs;
  }

  interface ESpeakNgOptions {
    /** The command line, without the program name: main() runs with it once loaded. */
    arguments: string[];
    /** Run before main(): the place to write input files. */
    preRun?: ((module: ESpeakNgModule) => void)[];
    print?: (line: string) => void;
    printErr?: (line: string) => void;
    /** Replaces the default, which sets `process.exitCode` to main()'s status. */
    quit?: (status: number, toThrow: unknown) => never;
  }

  export default function ESpeakNg(options: ESpeakNgOptions): Promise<ESpeakNgModule>;
}
