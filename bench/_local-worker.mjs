// Shared by the benchmark cases: a local Worker under `wrangler dev` (real workerd, local D1), and
// the CPU and memory of its workerd processes read from /proc (Linux).
import { spawnSync } from "node:child_process";

export { freePort, startDev } from "../scripts/local-env.mjs";

import { readdirSync, readFileSync } from "node:fs";

/** Runs wrangler quietly; prints its output only when it fails. */
export function wrangler(args) {
  const result = spawnSync("npx", ["wrangler", ...args], {
    encoding: "utf8",
    env: { ...process.env, CI: "true" },
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    console.error(result.stdout?.slice(-4000), result.stderr?.slice(-4000));
    throw new Error(`wrangler ${args.slice(0, 3).join(" ")} failed`);
  }
  return result.stdout;
}

function stat(pid) {
  try {
    const raw = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = raw.slice(raw.lastIndexOf(")") + 2).split(" ");
    return {
      ppid: Number(fields[1]),
      utime: Number(fields[11]),
      stime: Number(fields[12]),
      comm: raw.slice(raw.indexOf("(") + 1, raw.lastIndexOf(")")),
    };
  } catch {
    return null;
  }
}

/** The workerd processes started under `rootPid` (wrangler spawns workerd as a grandchild). */
export function workerdPids(rootPid) {
  const all = readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map(Number);
  const info = new Map(all.map((pid) => [pid, stat(pid)]).filter(([, s]) => s));
  const descends = (pid) => {
    for (let p = pid, i = 0; p > 1 && i < 20; i++) {
      if (p === rootPid) return true;
      p = info.get(p)?.ppid ?? 0;
    }
    return false;
  };
  return [...info].filter(([pid, s]) => s.comm.startsWith("workerd") && descends(pid)).map(([pid]) => pid);
}

const TICK_MS = 1000 / Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout.trim() || 100);

/** User + system CPU of the processes, in ms. */
export function cpuMs(pids) {
  return pids.reduce((n, pid) => {
    const s = stat(pid);
    return n + (s ? (s.utime + s.stime) * TICK_MS : 0);
  }, 0);
}

/** Resident memory now and its peak since start (VmRSS / VmHWM), in MiB. */
export function memoryMiB(pids) {
  let rss = 0;
  let hwm = 0;
  for (const pid of pids) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      rss += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
      hwm += Number(/VmHWM:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    } catch {}
  }
  return { rss, hwm };
}

export const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
export const fmt = (n, digits = 1) => n.toFixed(digits);
