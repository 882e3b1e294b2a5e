// Shared by the benchmarks: a server in its own process (so it does not share an event loop with
// the load generator), signing in, percentiles and number formatting.
import { execFileSync, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';

/** Children (and anything else with a stop()) still running, for a clean Ctrl-C. */
export const running = new Set();

/**
 * Starts `node --import tsx <script> [...args]` and resolves when it prints its first JSON line.
 * stdin stays open: the child stops by itself if the benchmark dies and the pipe closes.
 */
export function startChild(script, { args = [], env = process.env, nodeArgs = [], cwd, name = script } = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, '--import', 'tsx', script, ...args], { cwd, env, stdio: ['pipe', 'pipe', 'inherit'] });
    const exited = new Promise((r) => child.once('exit', (code, signal) => r({ code, signal })));
    let settled = false;
    const timer = setTimeout(() => fail(new Error(`${name} did not start within 300 s`)), 300_000);
    const fail = (err) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    exited.then(({ code, signal }) => fail(new Error(`${name} exited early (${signal ?? code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      if (settled) return process.stdout.write(`[${name}] ${line}\n`);
      let info;
      try {
        info = JSON.parse(line);
      } catch {
        return process.stdout.write(`[${name}] ${line}\n`);
      }
      settled = true;
      clearTimeout(timer);
      const handle = {
        info,
        pid: child.pid,
        /** SIGTERM, then waits for the exit (SIGKILL after 15 s). */
        async stop() {
          if (child.exitCode !== null || child.signalCode !== null) return exited;
          child.kill('SIGTERM');
          const t = setTimeout(() => child.kill('SIGKILL'), 15_000);
          const r = await exited;
          clearTimeout(t);
          return r;
        },
      };
      running.add(handle);
      exited.then(() => running.delete(handle));
      resolvePromise(handle);
    });
  });
}

export async function signIn(url, username = 'admin') {
  const res = await fetch(`${url}/auth/v1/sign_in`, {
    method: 'POST',
    headers: { 'content-type': 'application/vnd.api+json', accept: 'application/vnd.api+json' },
    body: JSON.stringify({ data: { type: 'sign_in', attributes: { username, password: 'umpire-demo' } } }),
  });
  const body = await res.json();
  if (res.status !== 200) throw new Error(`sign in: ${res.status} ${JSON.stringify(body)}`);
  return body.data.attributes.token;
}

/** The p-th percentile (0–100) of numbers, nearest rank. */
export function percentile(values, p) {
  if (!values.length) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const fmt = (n, digits = 0) =>
  Number.isFinite(n) ? n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : 'n/a';

let TICK_MS = 10;
try {
  TICK_MS = 1000 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim() || 100);
} catch {
  // Linux's usual 100 ticks a second.
}
/** CPU time a process has used so far (ms, from /proc): steadier than latencies on a busy machine. */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(f[11]) + Number(f[12])) * TICK_MS;
}

/** A figure of a process's memory from /proc (kB): `VmRSS` now, `VmHWM` its peak. */
export const memKb = (pid, field = 'VmRSS') => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? NaN);

/** A JSON:API call with a token; throws with the status and the start of the answer on 4xx/5xx. */
export async function api(url, token, method, path, body) {
  const res = await fetch(url + path, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/vnd.api+json', ...(body ? { 'content-type': 'application/vnd.api+json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = res.status === 204 ? null : await res.json();
  if (res.status >= 400) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  return json;
}
