// Reads a V8 .cpuprofile (node --cpu-prof) and lists where the time went: self time per
// function, and the same grouped by package (node_modules/<name>) or source folder.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

function where(url) {
  if (!url) return '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(?:.*\/)?([^/]+)$/.exec(url);
  if (m) return `${m[1]}/${m[2]}`;
  const s = /\/(apps|packages|bench)\/(.+)$/.exec(url);
  if (s) return `${s[1]}/${s[2]}`;
  if (url.startsWith('node:')) return url;
  return url.replace(/^file:\/\//, '');
}

/**
 * `window` ({from, to} in microseconds of the monotonic clock, `process.hrtime`, which V8's
 * sample times share on Linux) keeps only the samples taken in it: one phase of a benchmark.
 */
/** The samples' intervals, zero for those taken outside the window. */
function inWindow(profile, { from, to }) {
  let at = profile.startTime;
  return profile.timeDeltas.map((d) => {
    at += d;
    return at >= from && at <= to ? d : 0;
  });
}

export function summarizeProfile(file, top = 25, window = null) {
  const profile = JSON.parse(readFileSync(file, 'utf8'));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map();
  // Sample counts times their intervals give each node's self time.
  const dt = window ? inWindow(profile, window) : profile.timeDeltas;
  for (let i = 0; i < profile.samples.length; i++) {
    const id = profile.samples[i];
    self.set(id, (self.get(id) ?? 0) + (dt[i] ?? 0));
  }
  let total = 0;
  const byFn = new Map();
  const byPkg = new Map();
  for (const [id, us] of self) {
    const n = byId.get(id);
    const cf = n.callFrame;
    total += us;
    if (cf.functionName === '(idle)' || cf.functionName === '(program)' || cf.functionName === '(garbage collector)') {
      byPkg.set(cf.functionName, (byPkg.get(cf.functionName) ?? 0) + us);
      byFn.set(cf.functionName, (byFn.get(cf.functionName) ?? 0) + us);
      continue;
    }
    const place = where(cf.url);
    const key = `${cf.functionName || '(anonymous)'}  ${place}${cf.url ? `:${cf.lineNumber + 1}` : ''}`;
    byFn.set(key, (byFn.get(key) ?? 0) + us);
    const pkg = place.startsWith('apps/') || place.startsWith('packages/') ? place.split('/').slice(0, 4).join('/') : /^[@a-z]/.test(place) && cf.url.includes('node_modules') ? place.split('/').slice(0, place.startsWith('@') ? 2 : 1).join('/') : place;
    byPkg.set(pkg, (byPkg.get(pkg) ?? 0) + us);
  }
  // Inclusive time: every function on a sample's stack (once per stack, recursion or not).
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const incl = new Map();
  let busy = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const leaf = byId.get(profile.samples[i]);
    if (leaf.callFrame.functionName === '(idle)') continue;
    busy += dt[i] ?? 0;
    const seen = new Set();
    for (let id = profile.samples[i]; id !== undefined; id = parent.get(id)) {
      const cf = byId.get(id).callFrame;
      if (!cf.url) continue;
      const key = `${cf.functionName || '(anonymous)'}  ${where(cf.url)}:${cf.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      incl.set(key, (incl.get(key) ?? 0) + (dt[i] ?? 0));
    }
  }
  const pct = (us) => `${((us / total) * 100).toFixed(1).padStart(5)}%`;
  const lines = [`total ${(total / 1e6).toFixed(1)} s sampled; self time by place:`];
  for (const [k, us] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, 15)) lines.push(`${pct(us)}  ${k}`);
  lines.push('self time by function:');
  for (const [k, us] of [...byFn].sort((a, b) => b[1] - a[1]).slice(0, top)) lines.push(`${pct(us)}  ${k}`);
  lines.push(`inclusive time (share of the ${(busy / 1e6).toFixed(1)} s not idle), functions of the app and its packages:`);
  const app = [...incl].filter(([k]) => !/ node:/.test(k)).sort((a, b) => b[1] - a[1]).slice(0, top);
  for (const [k, us] of app) lines.push(`${((us / busy) * 100).toFixed(1).padStart(5)}%  ${k}`);
  return lines;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  // node bench/support/cpu-profile.mjs FILE.cpuprofile [top]
  for (const l of summarizeProfile(process.argv[2], Number(process.argv[3] ?? 40))) console.log(l);
}
