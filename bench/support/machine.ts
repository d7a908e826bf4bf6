import { readFileSync } from 'node:fs';

/**
 * How quick this machine computes right now. The same code's CPU time per request has varied by
 * half from one hour to the next on the shared 2-core machine, so each run times a fixed
 * single-thread workload of the kind the server does (a page of discussions to JSON and back),
 * its median over seven rounds; lower is quicker. It does not see the kernel's costs (sockets,
 * scheduling), which have slowed down while it stayed the same.
 */
export function speedCheckMilliseconds(): number {
  const page = Array.from({ length: 20 }, (_, index) => ({
    id: index,
    title: `A discussion title of ordinary length ${index}`,
    content: `${'word '.repeat(90)}${index}`,
    tags: ['garden', 'coffee', 'travel'],
    author: { id: index, username: `member${index}`, avatar: null },
    createdAt: new Date(1_750_000_000_000 + index).toISOString(),
    likesCount: index * 3,
    pollChoices: [],
  }));
  const rounds: number[] = [];
  for (let round = 0; round < 7; round += 1) {
    const started = performance.now();
    for (let copy = 0; copy < 1_500; copy += 1) JSON.parse(JSON.stringify(page));
    rounds.push(performance.now() - started);
  }
  rounds.sort((a, b) => a - b);
  return rounds[3] ?? 0;
}

/** The machine's CPU time so far, all cores, in ticks: in total and stolen by the host. */
export interface CpuTicks {
  total: number;
  steal: number;
}

/** Linux only; zeros elsewhere. */
export function cpuTicks(): CpuTicks {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    // cpu user nice system idle iowait irq softirq steal guest guest_nice
    const ticks = line.trim().split(/\s+/).slice(1, 9).map(Number);
    return { total: ticks.reduce((sum, value) => sum + value, 0), steal: ticks[7] ?? 0 };
  } catch {
    return { total: 0, steal: 0 };
  }
}

/** The share of CPU time the host took from this virtual machine between two readings. */
export function stealPercent(before: CpuTicks, after: CpuTicks): number {
  const total = after.total - before.total;
  return total > 0 ? ((after.steal - before.steal) / total) * 100 : 0;
}
