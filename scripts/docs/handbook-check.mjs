// The handbook's checks (docs/contributors/writing-docs.md's rules): links and anchors, `npm run X`
// against the scripts, environment variables against what the server declares and the scripts
// read, screenshots against the shot list, samples against their files, no issue numbers, Polish
// and English staff pages side by side, and the generated configuration reference.
// scripts/docs/check.mjs runs them on the repository, check-rules.mjs shows that each one refuses
// what it must on pages written to break it.
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from '../ensure-deps.mjs';
import { CONFIGURATION_PAGE, renderConfigurationReference, slugOf } from './configuration.mjs';
import { SHOT_LOCALES, SHOTS } from './shots.mjs';

/** config-variables.ts is TypeScript: Node 24 loads it as it is (types stripped). */
export const loadDeclaration = () => import(pathToFileURL(path.join(repoRoot, 'apps/server/src/config-variables.ts')).href);

const rel = (p) => path.relative(repoRoot, p).split(path.sep).join('/');
const read = (p) => fs.readFileSync(p, 'utf8');

export async function checkHandbook({ docsDir = path.join(repoRoot, 'docs'), readme = path.join(repoRoot, 'README.md'), write = false, configuration = true } = {}) {
  let passed = 0;
  const failures = [];
  const check = (ok, where, message) => {
    if (ok) passed += 1;
    else failures.push(`${where}: ${message}`);
  };

  // ---- what the pages are checked against ------------------------------------------------------

  function walk(dir, keep, out = []) {
    if (!fs.existsSync(dir)) return out;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name.startsWith('.') || entry.name === 'dist') continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p, keep, out);
      else if (keep(p)) out.push(p);
    }
    return out;
  }

  const rootPackage = JSON.parse(read(path.join(repoRoot, 'package.json')));
  const workspaceScripts = new Map(
    rootPackage.workspaces.map((w) => [w, Object.keys(JSON.parse(read(path.join(repoRoot, w, 'package.json'))).scripts ?? {})]),
  );

  /** Variables the server declares, and those that scripts, benchmarks, tests, examples and the deployment read. */
  async function knownVariables() {
    const known = new Set((await loadDeclaration()).CONFIG_VARIABLES.map((v) => v.name));
    const code = ['scripts', 'bench', 'e2e', 'apps/server/test', 'docs/integrators/examples'].flatMap((d) =>
      walk(path.join(repoRoot, d), (p) => /\.(m?[jt]s)$/.test(p)),
    );
    for (const file of code)
      for (const m of read(file).matchAll(/\benv\.([A-Z][A-Z0-9_]+)|\benv\[['"]([A-Z][A-Z0-9_]+)['"]\]/g)) known.add(m[1] ?? m[2]);
    // The compose deployment's own settings: ${X} and ${X:-default} in its files.
    for (const file of walk(path.join(repoRoot, 'deploy'), () => true))
      for (const m of read(file).matchAll(/\$\{([A-Z][A-Z0-9_]+)/g)) known.add(m[1]);
    // Read by other programs the handbook tells operators about (PostgreSQL's image, Node, CI).
    for (const name of ['POSTGRES_PASSWORD', 'POSTGRES_USER', 'POSTGRES_DB', 'NODE_ENV', 'NODE_OPTIONS', 'PATH', 'CI']) known.add(name);
    return known;
  }
  const variables = await knownVariables();
  /** Constants of the code (`MAX_UPLOAD_BYTES`): a page may name them in backticks without meaning a variable. */
  const constants = new Set(
    ['apps', 'packages', 'scripts', 'bench', 'eslint.config.js']
      .flatMap((d) => (d.includes('.') ? [path.join(repoRoot, d)] : walk(path.join(repoRoot, d), (p) => /\.(m?[jt]sx?)$/.test(p))))
      .flatMap((file) => [...read(file).matchAll(/\bconst ([A-Z][A-Z0-9_]+)\s*[=:]/g)].map((m) => m[1])),
  );
  const shotNames = new Set(SHOTS.map((s) => s.name));

  // ---- reading a page ---------------------------------------------------------------------------

  /** Lines of a page with fenced blocks marked, inline code spans kept apart from prose. */
  function parse(file) {
    const lines = read(file).split('\n');
    const out = { headings: new Map(), anchors: new Set(), prose: [], blocks: [] };
    let fence = null;
    lines.forEach((text, i) => {
      const line = i + 1;
      const f = /^\s*(`{3,}|~{3,})(.*)$/.exec(text);
      if (fence) {
        if (f && f[1][0] === fence.marker[0] && f[1].length >= fence.marker.length && !f[2].trim()) {
          out.blocks.push(fence);
          fence = null;
        } else fence.lines.push(text);
        return;
      }
      if (f) {
        fence = { marker: f[1], info: f[2].trim(), line, lines: [] };
        return;
      }
      const h = /^(#{1,6})\s+(.*?)\s*#*\s*$/.exec(text);
      if (h) {
        const base = slugOf(h[2].replace(/`/g, ''));
        const n = out.headings.get(base) ?? 0;
        out.headings.set(base, n + 1);
        out.anchors.add(n ? `${base}-${n}` : base);
      }
      for (const m of text.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) out.anchors.add(m[1]);
      out.prose.push({ line, text });
    });
    if (fence) out.blocks.push(fence);
    return out;
  }

  const pages = new Map();
  const page = (file) => {
    if (!pages.has(file)) pages.set(file, parse(file));
    return pages.get(file);
  };

  // ---- the checks -------------------------------------------------------------------------------

  function checkLink(file, line, target) {
    const where = `${rel(file)}:${line}`;
    if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) return; // http(s), mailto: not followed
    const [pathPart, anchor] = target.split('#');
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
    if (pathPart && pathPart.startsWith('/')) {
      check(false, where, `link ${target} is absolute; write it relative to this page`);
      return;
    }
    const exists = fs.existsSync(resolved);
    check(exists, where, `link ${target}: ${rel(resolved)} does not exist`);
    if (!exists) return;
    const image = /\/staff\/images\/([^/]+)$/.exec(resolved.split(path.sep).join('/'));
    if (image) {
      const m = /^([a-z0-9-]+)\.([a-z]{2})\.png$/.exec(image[1]);
      check(!!m && shotNames.has(m[1]) && SHOT_LOCALES.includes(m[2]), where, `screenshot ${image[1]} is not a shot of scripts/docs/shots.mjs (name.locale.png)`);
      const pageLocale = /\/staff\/(pl|en)\//.exec(rel(file))?.[1];
      if (m && pageLocale) check(m[2] === pageLocale, where, `a ${pageLocale} page shows the ${m[2]} screenshot ${image[1]}`);
    }
    if (anchor) {
      if (!resolved.endsWith('.md')) return; // #L12 in a source file: GitHub's, not ours to check
      check(page(resolved).anchors.has(anchor), where, `link ${target}: ${rel(resolved)} has no heading #${anchor}`);
    }
  }

  function checkCommands(where, text) {
    for (const m of text.matchAll(/\bnpm run ([a-z][\w:.-]*)(?:\s+(?:-w|--workspace)[= ]([\w@/.-]+))?/g)) {
      const workspace = m[2] && [...workspaceScripts.keys()].find((w) => w === m[2] || w.endsWith(`/${m[2]}`) || m[2].endsWith(path.basename(w)));
      const scripts = m[2] ? workspaceScripts.get(workspace) ?? [] : Object.keys(rootPackage.scripts);
      check(scripts.includes(m[1]), where, `npm run ${m[1]}${m[2] ? ` -w ${m[2]}` : ''}: no such script in ${m[2] ? `${m[2]}/` : ''}package.json`);
    }
    for (const m of text.matchAll(/\bnpm (start|test)\b/g)) check(m[1] in rootPackage.scripts, where, `npm ${m[1]}: no such script`);
  }

  function checkVariable(where, name) {
    check(variables.has(name), where, `${name} is not a variable the server declares (apps/server/src/config-variables.ts) or a script reads`);
  }

  function checkProse(file, { line, text }) {
    const where = `${rel(file)}:${line}`;
    const spans = [...text.matchAll(/(`+)([^`]+?)\1/g)].map((m) => m[2].trim());
    const plain = text.replace(/(`+)[^`]+?\1/g, ' ');
    for (const m of plain.matchAll(/!?\[(?:[^\]]|\][^(])*?\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) checkLink(file, line, m[1]);
    for (const m of text.matchAll(/^\s*\[[^\]]+\]:\s*(\S+)/g)) checkLink(file, line, m[1]);
    for (const m of plain.matchAll(/<(?:img|a)\s[^>]*(?:src|href)="([^"]+)"/g)) checkLink(file, line, m[1]);
    checkCommands(where, text);
    for (const span of spans) {
      const assignment = /^(?:export\s+)?([A-Z][A-Z0-9_]*)=/.exec(span);
      const name = /^([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)$/.exec(span);
      if (assignment) checkVariable(where, assignment[1]);
      else if (name && !constants.has(name[1])) checkVariable(where, name[1]);
    }
    for (const m of plain.matchAll(/\b[Ii]ssues? #?\d+|(?<![\w&/])#\d+\b/g)) check(false, where, `"${m[0]}": the handbook speaks of the product, not of issue numbers`);
  }

  function checkBlock(file, block) {
    const where = `${rel(file)}:${block.line}`;
    const body = block.lines.join('\n');
    checkCommands(where, body);
    if (block.info.split(/\s+/)[0] !== 'mermaid') {
      for (const m of body.matchAll(/(?:^|[\s;(])(?:export\s+)?([A-Z][A-Z0-9_]*)=|\$\{?([A-Z][A-Z0-9]*_[A-Z0-9_]+)|process\.env\.([A-Z][A-Z0-9_]+)/gm)) checkVariable(where, m[1] ?? m[2] ?? m[3]);
    }
    const sample = /(?:^|\s)file=(\S+)/.exec(block.info);
    if (sample) {
      const target = path.resolve(path.dirname(file), sample[1]);
      const exists = fs.existsSync(target);
      check(exists, where, `sample file=${sample[1]}: ${rel(target)} does not exist`);
      if (exists) check(read(target).replace(/\n+$/, '') === body.replace(/\n+$/, ''), where, `sample file=${sample[1]} differs from ${rel(target)}: copy the file into the block`);
    }
  }

  // The generated reference first, so that its page is checked as written.
  if (configuration) {
    const declaration = await loadDeclaration();
    const configurationPage = path.join(repoRoot, CONFIGURATION_PAGE);
    const rendered = renderConfigurationReference(declaration);
    if (write) fs.writeFileSync(configurationPage, rendered);
    check(fs.existsSync(configurationPage) && read(configurationPage) === rendered, CONFIGURATION_PAGE, 'differs from apps/server/src/config-variables.ts: run npm run docs -- --write');
  }

  const files = [...(readme ? [readme] : []), ...walk(docsDir, (p) => p.endsWith('.md'))];
  // The README is a front page: what Umpire is, the two commands, the demo sign-in, links into docs/.
  if (readme) {
    const lines = read(readme).split('\n').length;
    check(lines <= 150, rel(readme), `is ${lines} lines; the front page stays under 150 (move the rest into docs/)`);
  }
  for (const file of files) {
    const p = page(file);
    for (const entry of p.prose) checkProse(file, entry);
    for (const block of p.blocks) checkBlock(file, block);
  }

  // Staff pages come in both languages, and every picture in docs/staff/images is one the script takes.
  const staffPages = (locale) => walk(path.join(docsDir, 'staff', locale), (p) => p.endsWith('.md')).map((p) => path.relative(path.join(docsDir, 'staff', locale), p)).sort();
  const [pl, en] = [staffPages('pl'), staffPages('en')];
  for (const name of pl) check(en.includes(name), `docs/staff/pl/${name}`, 'has no English page of the same name in docs/staff/en/');
  for (const name of en) check(pl.includes(name), `docs/staff/en/${name}`, 'has no Polish page of the same name in docs/staff/pl/');
  for (const image of walk(path.join(docsDir, 'staff/images'), () => true)) {
    const m = /^([a-z0-9-]+)\.([a-z]{2})\.png$/.exec(path.basename(image));
    check(!!m && shotNames.has(m[1]) && SHOT_LOCALES.includes(m[2]), rel(image), 'is not produced by scripts/docs/screenshots.mjs (no such shot): delete it or list it in shots.mjs');
  }

  return { passed, failures, pages: files.length };
}

