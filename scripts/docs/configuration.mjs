// The operators' configuration reference, rendered from the server's one declaration of its
// environment variables (apps/server/src/config-variables.ts), so the page cannot drift from the code.

export const CONFIGURATION_PAGE = 'docs/operators/configuration.md';

/** @param {{ CONFIG_GROUPS: Record<string, string>, CONFIG_VARIABLES: any[] }} declaration */
export function renderConfigurationReference({ CONFIG_GROUPS, CONFIG_VARIABLES }) {
  const code = (s) => `\`${s}\``;
  const lines = [
    '# Configuration reference',
    '',
    'Umpire is configured by environment variables, read once at start: a value the server cannot use stops the start with a message that says what to write instead. The same variables apply to every instance unless [scaling](scaling.md) says otherwise.',
    '',
    '<!-- Generated from apps/server/src/config-variables.ts by `npm run docs -- --write`: edit that file, not this page. -->',
    '',
  ];
  for (const [group, title] of Object.entries(CONFIG_GROUPS)) {
    const vars = CONFIG_VARIABLES.filter((v) => v.group === group);
    if (!vars.length) continue;
    lines.push(`- [${title}](#${slugOf(title)}): ${vars.map((v) => `[${code(v.name)}](#${v.name.toLowerCase()})`).join(', ')}`);
  }
  for (const [group, title] of Object.entries(CONFIG_GROUPS)) {
    const vars = CONFIG_VARIABLES.filter((v) => v.group === group);
    if (!vars.length) continue;
    lines.push('', `## ${title}`);
    for (const v of vars) {
      const facts = [
        v.default !== undefined ? `Default: ${code(v.default)}.` : `Default: ${v.defaultText ?? 'unset'}.`,
        v.example !== undefined ? `Example: ${code(`${v.name}=${v.example}`)}.` : '',
        v.secret ? 'A secret: keep it out of files under version control.' : '',
      ].filter(Boolean);
      lines.push('', `### ${v.name}`, '', v.description, '', facts.join(' '));
    }
  }
  return lines.join('\n') + '\n';
}

/** A heading's anchor as GitHub makes it: lower case, punctuation dropped, spaces to hyphens. */
export function slugOf(heading) {
  return heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\p{M} _-]/gu, '')
    .replace(/ /g, '-');
}
