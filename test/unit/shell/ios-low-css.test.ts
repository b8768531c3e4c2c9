import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { build } from 'esbuild';
import { fallbacks, generatedPart, IOS_LOW_CSS, iosLowPlugin, topLevelRules } from '../../../scripts/ios-low-css.ts';

function uiStylesheets(dir = path.resolve('src/ui')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? uiStylesheets(path.join(dir, entry.name)) : entry.name.endsWith('.css') ? [path.join(dir, entry.name)] : [],
  );
}

describe('the low-version style (iOS below 15)', () => {
  it('builds with its generated half: every flex gap and inset of the stylesheets has its fallback', async () => {
    const generated = generatedPart();
    expect(generated).toContain('.ios-low .video-card { gap: 0; }');
    expect(generated).toContain('.ios-low .video-card > * + * { margin-top: 6px; }');
    expect(generated).toContain('.ios-low .tab-bar__item > * + * { margin-top: 2px; }');
    expect(generated).not.toContain('.video-grid');
    const result = await build({ entryPoints: [IOS_LOW_CSS], bundle: true, write: false, minify: true, plugins: [iosLowPlugin], logLevel: 'silent' });
    const css = result.outputFiles[0]!.text;
    expect(css).toContain('.ios-low .video-card>*+*{margin-top:6px}');
    expect(css).toContain('.ios-low .video-card__cover{aspect-ratio:auto;height:0;padding-top:56.25%}');
  });

  it('replaces flex gap by margins along the direction, and inset by the four sides', () => {
    const rules = topLevelRules(`
      .row { display: flex; gap: 8px; }
      .col, .col2 { display: flex; flex-direction: column; gap: 12px; }
      .wrap { display: inline-flex; flex-wrap: wrap; gap: 4px 10px; }
      .card--row { flex-direction: row; gap: 10px; }
      .grid { display: grid; gap: 12px; }
      .cover { position: absolute; inset: 0; }
      @media (prefers-reduced-motion: reduce) { .row { gap: 0; } }
    `);
    expect(fallbacks(rules)).toEqual([
      '.ios-low .row { gap: 0; }',
      '.ios-low .row > * + * { margin-left: 8px; }',
      '.ios-low .col, .ios-low .col2 { gap: 0; }',
      '.ios-low .col > * + *, .ios-low .col2 > * + * { margin-top: 12px; }',
      '.ios-low .wrap { gap: 0; }',
      '.ios-low .wrap > * { margin-right: 10px; margin-bottom: 4px; }',
      '.ios-low .card--row { gap: 0; }',
      '.ios-low .card--row > * + * { margin-left: 10px; margin-top: 0; }',
      '.ios-low .cover { top: 0; right: 0; bottom: 0; left: 0; }',
    ]);
  });

  it('covers every aspect-ratio box by hand, and no stylesheet uses :focus-visible', () => {
    const lowCss = readFileSync(IOS_LOW_CSS, 'utf8');
    for (const file of uiStylesheets().filter((f) => f !== IOS_LOW_CSS)) {
      const css = readFileSync(file, 'utf8');
      expect(css, file).not.toContain(':focus-visible');
      for (const rule of topLevelRules(css)) {
        const ratio = rule.decls.get('aspect-ratio');
        if (!ratio || ratio === 'auto') continue;
        for (const selector of rule.selectors) expect(lowCss, `${file}: ${selector}`).toContain(`.ios-low ${selector}`);
      }
    }
  });
});
