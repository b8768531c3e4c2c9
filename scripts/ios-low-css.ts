/**
 * The generated half of the low-version style (src/ui/app/ios-low.css imports it as `ios-low-generated.css`; the
 * build's plugin below makes it): fallbacks on iOS below 15 (html.ios-low) for what that WebKit lacks, derived at
 * each build from every stylesheet under src/ui, so a rule added tomorrow gets its fallback without anyone
 * remembering to write it:
 * - `gap` in flex layouts (Safari 14.1 and later): gap 0 and margins between the children instead;
 * - `inset` (Safari 14.1 and later): top, right, bottom and left.
 * `npx tsx scripts/ios-low-css.ts` prints it. (`aspect-ratio` is handled by hand in ios-low.css: each box needs its
 * own shape.)
 */
import type { Plugin } from 'esbuild';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const IOS_LOW_CSS = path.join(root, 'src/ui/app/ios-low.css');
const UI_DIR = path.join(root, 'src/ui');
/** The name ios-low.css imports the generated half by. */
export const GENERATED_NAME = 'ios-low-generated.css';

interface Rule {
  selectors: string[];
  decls: Map<string, string>;
}

/** The top-level style rules of a stylesheet (at-rule blocks such as @media and @keyframes are skipped). */
export function topLevelRules(css: string): Rule[] {
  const text = css.replace(/\/\*[\s\S]*?\*\//g, '');
  const rules: Rule[] = [];
  let at = 0;
  while (at < text.length) {
    const open = text.indexOf('{', at);
    if (open < 0) break;
    const prelude = text.slice(at, open).trim();
    let depth = 1;
    let end = open + 1;
    while (end < text.length && depth > 0) {
      if (text[end] === '{') depth++;
      else if (text[end] === '}') depth--;
      end++;
    }
    const body = text.slice(open + 1, end - 1);
    at = end;
    if (prelude.startsWith('@')) continue;
    const decls = new Map<string, string>();
    for (const part of body.split(';')) {
      const colon = part.indexOf(':');
      if (colon > 0) decls.set(part.slice(0, colon).trim().toLowerCase(), part.slice(colon + 1).trim());
    }
    rules.push({ selectors: prelude.split(',').map((s) => s.trim()).filter(Boolean), decls });
  }
  return rules;
}

const scoped = (selectors: string[], tail = '') => selectors.map((s) => `.ios-low ${s}${tail}`).join(', ');

/** The fallback rules for one stylesheet's rules. */
export function fallbacks(rules: Rule[]): string[] {
  const out: string[] = [];
  for (const { selectors, decls } of rules) {
    const display = decls.get('display') ?? '';
    const direction = decls.get('flex-direction');
    const wrap = (decls.get('flex-wrap') ?? '').startsWith('wrap');
    const gap = decls.get('gap');
    // A flex container, or a modifier that changes a flex container's direction (.video-card--row).
    const modifier = !display && direction !== undefined;
    if (gap && (/^(inline-)?flex$/.test(display) || modifier)) {
      const [rowGap, columnGap = rowGap] = gap.split(/\s+/);
      const column = direction?.startsWith('column') === true;
      out.push(`${scoped(selectors)} { gap: 0; }`);
      if (column) out.push(`${scoped(selectors, ' > * + *')} { margin-top: ${rowGap};${modifier ? ' margin-left: 0;' : ''} }`);
      else if (wrap) out.push(`${scoped(selectors, ' > *')} { margin-right: ${columnGap}; margin-bottom: ${rowGap}; }`);
      else out.push(`${scoped(selectors, ' > * + *')} { margin-left: ${columnGap};${modifier ? ' margin-top: 0;' : ''} }`);
    }
    const inset = decls.get('inset');
    if (inset) {
      const [top, right = top, bottom = top, left = right] = inset.split(/\s+/);
      out.push(`${scoped(selectors)} { top: ${top}; right: ${right}; bottom: ${bottom}; left: ${left}; }`);
    }
  }
  return out;
}

function stylesheets(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => (entry.isDirectory() ? stylesheets(path.join(dir, entry.name)) : entry.name.endsWith('.css') ? [path.join(dir, entry.name)] : []))
    .filter((file) => file !== IOS_LOW_CSS)
    .sort();
}

/** The generated half, from every stylesheet under src/ui. */
export function generatedPart(): string {
  return stylesheets(UI_DIR)
    .flatMap((file) => {
      const rules = fallbacks(topLevelRules(readFileSync(file, 'utf8')));
      return rules.length ? [`/* ${path.relative(root, file)} */`, ...rules] : [];
    })
    .join('\n');
}

/** The build's plugin: `@import 'ios-low-generated.css'` is the generated half, made anew at each build. */
export const iosLowPlugin: Plugin = {
  name: 'ios-low',
  setup(build) {
    build.onResolve({ filter: /^ios-low-generated\.css$/ }, () => ({ path: GENERATED_NAME, namespace: 'ios-low' }));
    build.onLoad({ filter: /.*/, namespace: 'ios-low' }, () => ({ contents: generatedPart(), loader: 'css', watchFiles: stylesheets(UI_DIR) }));
  },
};

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.stdout.write(`${generatedPart()}\n`);
}
