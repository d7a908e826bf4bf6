const WIDTH = 30;
/** Without a terminal (CI logs, pipes) a line per tenth is enough. */
const STEPS_WITHOUT_TTY = 10;

export interface ProgressOutput {
  isTTY?: boolean;
  write(text: string): unknown;
}

/**
 * A one-line progress bar redrawn in place on a terminal:
 *   discussions [###########-------------------]  37% 37,000/100,000 12 s
 * Elsewhere it prints a plain line at every tenth, so logs stay readable.
 */
export class ProgressBar {
  #done = 0;
  #lastStep = -1;
  readonly #started = Date.now();

  constructor(
    private readonly label: string,
    private readonly total: number,
    private readonly out: ProgressOutput = process.stderr,
  ) {}

  advance(by: number): void {
    this.#done = Math.min(this.total, this.#done + by);
    if (this.out.isTTY) {
      this.out.write(`\r${this.line()}`);
      return;
    }
    const step = Math.floor((this.#done / Math.max(1, this.total)) * STEPS_WITHOUT_TTY);
    if (step > this.#lastStep) {
      this.#lastStep = step;
      this.out.write(`${this.line()}\n`);
    }
  }

  /** Ends the bar's line on a terminal. */
  finish(): void {
    if (this.out.isTTY) this.out.write(`\r${this.line()}\n`);
  }

  private line(): string {
    const share = this.total === 0 ? 1 : this.#done / this.total;
    const filled = Math.round(share * WIDTH);
    const bar = '#'.repeat(filled) + '-'.repeat(WIDTH - filled);
    const percent = `${Math.floor(share * 100)}%`.padStart(4);
    const seconds = Math.round((Date.now() - this.#started) / 1000);
    const counts = `${this.#done.toLocaleString('en')}/${this.total.toLocaleString('en')}`;
    return `${this.label} [${bar}] ${percent} ${counts} ${seconds} s`;
  }
}
