import { Presets, SingleBar } from 'cli-progress';

export interface Progress {
  /** `position` of `head` reached, at `eventsPerSecond`. */
  update(position: number, head: number, eventsPerSecond: number): void;
  stop(): void;
}

/** Plain progress lines at most this often: a log file gets a line a second, not five. */
const PLAIN_LINE_MS = 1_000;

/**
 * How a long command (rebuild, replay) shows its progress: a bar (cli-progress) when stdout is a
 * terminal; otherwise plain lines a script or a log can read, or with `--json` one JSON object per
 * update when `jsonLines` is set (rebuild) and nothing when it is not (replay answers one object).
 */
export function progressReporter(
  label: string,
  options: { json: boolean; jsonLines: boolean },
): Progress {
  if (options.json) {
    return {
      update(position, head, eventsPerSecond) {
        if (options.jsonLines)
          console.log(
            JSON.stringify({ progress: ratio(position, head), position, head, eventsPerSecond }),
          );
      },
      stop() {},
    };
  }
  if (process.stdout.isTTY) {
    const bar = new SingleBar(
      {
        stream: process.stdout,
        format: `${label} [{bar}] {percentage}% | {value}/{total} | {speed} events/s`,
        hideCursor: true,
      },
      Presets.legacy,
    );
    let started = false;
    return {
      update(position, head, eventsPerSecond) {
        if (!started) bar.start(head, position, { speed: eventsPerSecond });
        started = true;
        bar.setTotal(head);
        bar.update(Math.min(position, head), { speed: eventsPerSecond });
      },
      stop() {
        if (started) bar.stop();
      },
    };
  }
  let lastLine = 0;
  return {
    update(position, head, eventsPerSecond) {
      if (Date.now() - lastLine < PLAIN_LINE_MS) return;
      lastLine = Date.now();
      console.log(
        `${label}: ${(ratio(position, head) * 100).toFixed(1)}%  position ${position} of ${head}  ${eventsPerSecond} events/s`,
      );
    },
    stop() {},
  };
}

function ratio(position: number, head: number): number {
  return Number((head > 0 ? Math.min(1, position / head) : 1).toFixed(4));
}
