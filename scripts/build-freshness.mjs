// Whether a build is older than the sources it comes from: `npm start` and the screenshots of the
// staff guide build the admin and the website's browser script only then (a picture taken from a
// stale build would show a screen that no longer exists).
import fs from 'node:fs';
import path from 'node:path';

/** What the admin's build (apps/admin/dist) and the website's browser script (apps/site/dist/assets) are made from, from the repository's root. */
export const ADMIN_SOURCES = ['apps/admin', 'packages/schema', 'packages/render', 'package-lock.json'];
export const SITE_SOURCES = ['apps/site/src/client', 'apps/site/scripts', 'packages/render/src', 'package-lock.json'];

/** Newest mtime of the files under the given paths (ignoring dependencies and build output). */
export function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    let st;
    try {
      st = fs.statSync(p);
    } catch {
      return;
    }
    if (st.isDirectory()) {
      const base = path.basename(p);
      if (base === 'node_modules' || base === 'dist' || base === '.vite') return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else if (st.mtimeMs > newest) newest = st.mtimeMs;
  };
  paths.forEach(walk);
  return newest;
}

/** True when `output` is missing or older than the newest file under `sources` (all absolute). */
export function isStale(output, sources) {
  const built = fs.existsSync(output) ? fs.statSync(output).mtimeMs : 0;
  return built <= newestMtime(sources);
}
