// Starts Swagger UI on the reference page (apps/server/src/ops/api-reference.ts): the page's
// <div id="reference"> names the OpenAPI document (data-spec) and its readers (data-audience).
// Served as a file: the page's policy allows no inline script.
/* global SwaggerUIBundle */
(() => {
  const root = document.getElementById('reference');
  if (!root || typeof SwaggerUIBundle !== 'function') return;

  /** The admin's token on this origin (local storage TISA_TOKEN), while it is still valid. */
  const stored = () => {
    try {
      return localStorage.getItem('TISA_TOKEN');
    } catch {
      return null;
    }
  };
  const adminToken = () => {
    const token = stored();
    if (!token) return null;
    try {
      const claims = JSON.parse(atob(token.split('.')[1].replace(/-/g, '+').replace(/_/g, '/')));
      return typeof claims.exp === 'number' && claims.exp * 1000 > Date.now() ? token : null;
    } catch {
      return null;
    }
  };

  /** A name unique on the page: what the block holds, for which operation and answer. */
  const regionName = (pre) => {
    const op = pre.closest('.opblock');
    const method = op?.querySelector('.opblock-summary-method')?.textContent ?? '';
    const path = op?.querySelector('.opblock-summary-path')?.getAttribute('data-path') ?? '';
    const live = pre.closest('.live-responses-table');
    const status = live ? '' : (pre.closest('tr.response')?.getAttribute('data-code') ?? '');
    const what = live ? 'Response body' : pre.classList.contains('example') ? 'Example value' : 'Value';
    const base = [what, `${method} ${path}`.trim(), status].filter(Boolean).join(', ');
    const taken = new Set([...root.querySelectorAll('[role="region"][aria-label]')].map((e) => e.getAttribute('aria-label')));
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base} (${n})`;
    return name;
  };

  /**
   * What Swagger UI draws and an accessibility check asks more of, set again whenever it draws
   * (attributes React does not own stay until it replaces the element):
   * - the bar with Authorize is outside the page's landmarks: a region named for it;
   * - the header rows of the responses' tables are td cells: they become column headers;
   * - a parameter's list of values (include, sort, fields[…]) has no label: it is named for the parameter;
   * - examples and answers scroll past 400 pixels: each is a named region reached by Tab;
   * - the dialog's close button is an icon alone: it is named; its "Authorized" is an h6 under an h4;
   * - the dialog's Authorize and Logout buttons are named otherwise than they read ("Apply
   *   credentials", "Remove authorization"): their visible text is their name, as speech input expects.
   */
  const fix = () => {
    for (const bar of root.querySelectorAll('.scheme-container:not([role])')) {
      bar.setAttribute('role', 'region');
      bar.setAttribute('aria-label', 'Authorization');
    }
    for (const cell of root.querySelectorAll('td.col_header:not([role])')) cell.setAttribute('role', 'columnheader');
    for (const field of root.querySelectorAll('tr[data-param-name] :is(select, input, textarea):not([aria-label])'))
      if (!field.labels?.length && !field.title && !field.placeholder) field.setAttribute('aria-label', field.closest('tr').getAttribute('data-param-name'));
    for (const pre of root.querySelectorAll('.highlight-code > pre:not([tabindex])')) {
      pre.setAttribute('tabindex', '0');
      pre.setAttribute('role', 'region');
      pre.setAttribute('aria-label', regionName(pre));
    }
    for (const close of root.querySelectorAll('.close-modal:not([aria-label])')) close.setAttribute('aria-label', 'Close');
    for (const heading of root.querySelectorAll('.auth-container h6:not([aria-level])')) heading.setAttribute('aria-level', '5');
    for (const button of root.querySelectorAll('.auth-btn-wrapper button[aria-label]')) button.removeAttribute('aria-label');
  };
  let pending = false;
  new MutationObserver(() => {
    if (pending) return;
    pending = true;
    queueMicrotask(() => {
      pending = false;
      fix();
    });
  }).observe(root, { childList: true, subtree: true });

  const ui = SwaggerUIBundle({
    url: root.dataset.spec,
    domNode: root,
    presets: [SwaggerUIBundle.presets.apis],
    // Without the standalone preset's top bar (a field to load any address's document).
    layout: 'BaseLayout',
    // No link inside each operation's summary: it is a link within a button (nested controls that
    // assistive technology cannot reach apart), and a target 19 pixels high.
    deepLinking: false,
    // Tags closed: the staff document has some 400 operations.
    docExpansion: 'none',
    defaultModelsExpandDepth: 0,
    // Never a request elsewhere: no validator badge (it would send the document to an outside service).
    validatorUrl: null,
    // Plain text answers: the highlighter's themes fall short of the contrast the pages keep.
    syntaxHighlight: false,
    displayRequestDuration: true,
    showExtensions: false,
    // The credentials stay in this page only, never written to the browser's storage.
    persistAuthorization: false,
    onComplete: () => {
      if (root.dataset.audience !== 'staff') return;
      const token = adminToken();
      // Signed in to the admin here: its session is the one try-it uses (Authorize shows it, and logs out of it).
      if (token) ui.preauthorizeApiKey('bearer', token);
    },
  });
})();
