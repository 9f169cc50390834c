/**
 * Where the machine's cores went during a benchmark, from Linux's own accounting
 * (`/proc/<pid>/task/<tid>/schedstat`: time on a core, and time runnable but waiting for one). A
 * thread that waits for a core cannot answer a ping, however little work it has: these figures tell a
 * busy thread from a starved one.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { cpus } from 'node:os';

/** Per thread or process: nanoseconds on a core and waiting for one, and of the time on a core, clock ticks in the kernel. */
interface Sched {
  runNs: number;
  waitNs: number;
  kernelTicks: number;
}

/** Reads `dir`'s schedstat and stat (a /proc/<pid> or /proc/<pid>/task/<tid> folder). */
function readSched(dir: string): Sched | null {
  try {
    const [run, wait] = readFileSync(`${dir}/schedstat`, 'utf8').trim().split(/\s+/).map(Number);
    const stat = readFileSync(`${dir}/stat`, 'utf8');
    // After the command name in parentheses: state is field 3, stime field 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { runNs: run!, waitNs: wait!, kernelTicks: Number(fields[12]) };
  } catch {
    return null; // the thread or process ended
  }
}

/** The whole machine's idle time and time stolen by the hypervisor, in clock ticks (/proc/stat). */
function machineTicks(): { idle: number; stolen: number } {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.trim().split(/\s+/).map(Number);
  return { idle: f[4]! + f[5]!, stolen: f[8]! };
}
const TICK_S = 0.01;

const comm = (path: string): string => {
  try {
    return readFileSync(path, 'utf8').trim();
  } catch {
    return '?';
  }
};

/**
 * One reading, keyed by group: the server's main thread, its other threads by name (V8's helpers,
 * libuv's pool, the embedded database's worker), this process, and PostgreSQL's processes.
 */
function snapshot(serverPid: number): Map<string, Map<string, Sched>> {
  const groups = new Map<string, Map<string, Sched>>();
  const put = (group: string, key: string, s: Sched | null): void => {
    if (!s) return;
    let g = groups.get(group);
    if (!g) groups.set(group, (g = new Map()));
    g.set(key, s);
  };
  for (const tid of readdirSync(`/proc/${serverPid}/task`)) {
    const name = Number(tid) === serverPid ? 'server main thread' : `server thread "${comm(`/proc/${serverPid}/task/${tid}/comm`)}"`;
    put(name, tid, readSched(`/proc/${serverPid}/task/${tid}`));
  }
  for (const tid of readdirSync(`/proc/self/task`)) put('the driving process (all threads)', tid, readSched(`/proc/self/task/${tid}`));
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid) || comm(`/proc/${pid}/comm`) !== 'postgres') continue;
    put('PostgreSQL (all processes)', pid, readSched(`/proc/${pid}`));
  }
  return groups;
}

/** Starts counting; `report()` answers a table of each group's core time and wait since the start. */
export function watchCores(serverPid: number): { report(): string } {
  const before = snapshot(serverPid);
  const machineBefore = machineTicks();
  const started = process.hrtime.bigint();
  return {
    report(): string {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      const after = snapshot(serverPid);
      const rows: [string, number, number, number][] = [];
      for (const [group, threads] of after) {
        let run = 0;
        let wait = 0;
        let kernel = 0;
        for (const [key, s] of threads) {
          const b = before.get(group)?.get(key);
          run += s.runNs - (b?.runNs ?? 0);
          wait += s.waitNs - (b?.waitNs ?? 0);
          kernel += s.kernelTicks - (b?.kernelTicks ?? 0);
        }
        rows.push([group, run / 1e9, wait / 1e9, kernel * TICK_S]);
      }
      rows.sort((a, b) => b[1] - a[1]);
      const lines = [
        `\nWhere the ${seconds.toFixed(0)} s of load went (Linux schedstat; ${cpus().length} cores, so ${(cpus().length * seconds).toFixed(0)} core-seconds)`,
        '| who | on a core, s | of which in the kernel, s | share of the run | waiting for a core, s |',
        '|---|---|---|---|---|',
      ];
      for (const [group, run, wait, kernel] of rows) {
        if (run < 0.05 && wait < 0.05) continue;
        lines.push(
          `| ${group} | ${run.toFixed(1)} | ${kernel.toFixed(1)} | ${((100 * run) / seconds).toFixed(0)} % | ${wait.toFixed(1)} |`,
        );
      }
      const machine = machineTicks();
      lines.push(
        `The machine's cores were idle ${((machine.idle - machineBefore.idle) * TICK_S).toFixed(1)} s; ` +
          `the hypervisor took (steal) ${((machine.stolen - machineBefore.stolen) * TICK_S).toFixed(1)} s`,
      );
      return lines.join('\n');
    },
  };
}
