// CPU seconds per process group while a bench runs (Linux /proc). Usage, beside a running bench:
//   node bench/cpu-split.mjs [seconds=15]
// Samples every process's user + system time twice a second and prints how much each group used
// over the window: the load generator (a process running bench/*.mjs), the built server
// (server.js), PostgreSQL, and the rest. Processes that start during the window count from their
// first sample; ones that end during it count up to their last.
import { readdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';

const seconds = Number(process.argv[2] ?? 15);
const tick = Number(execFileSync('getconf', ['CLK_TCK']).toString().trim());
const first = new Map();
const last = new Map();
const group = new Map();

function groupOf(pid) {
  let cmd;
  try {
    cmd = readFileSync(`/proc/${pid}/cmdline`).toString().replaceAll('\0', ' ');
  } catch {
    return 'other';
  }
  if (pid === String(process.pid)) return 'this sampler';
  if (/bench\/[\w-]+\.mjs/.test(cmd)) return 'load generator';
  if (cmd.includes('server.js')) return 'server';
  if (cmd.includes('postgres')) return 'PostgreSQL';
  return 'other';
}

function sample() {
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let fields;
    try {
      fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').at(-1).split(' ');
    } catch {
      continue;
    }
    // After the command: state is field 3 of stat, utime 14 and stime 15 (1-based).
    const cpu = (Number(fields[11]) + Number(fields[12])) / tick;
    if (!first.has(pid)) {
      first.set(pid, cpu);
      group.set(pid, groupOf(pid));
    }
    last.set(pid, cpu);
  }
}

const started = Date.now();
sample();
while (Date.now() - started < seconds * 1000) {
  await new Promise((resolve) => setTimeout(resolve, 500));
  sample();
}
const totals = new Map();
for (const [pid, cpu] of last) {
  const name = group.get(pid);
  totals.set(name, (totals.get(name) ?? 0) + cpu - first.get(pid));
}
const wall = (Date.now() - started) / 1000;
const parts = [...totals].sort((a, b) => b[1] - a[1]).map(([name, cpu]) => `${name} ${cpu.toFixed(1)} s`);
console.log(`${wall.toFixed(1)} s of wall time; CPU: ${parts.join(', ')}`);
