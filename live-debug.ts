import { openPhone } from './test/e2e/support/phone.ts';
const phone = await openPhone();
const { page, app } = phone;
const STATE = `(() => { const v = document.querySelector('video'); if (!v) return null; const b = []; for (let k = 0; k < v.buffered.length; k++) b.push(v.buffered.start(k).toFixed(1) + '-' + v.buffered.end(k).toFixed(1)); let pl = 0; for (let k = 0; k < v.played.length; k++) pl += v.played.end(k) - v.played.start(k); return { t: v.currentTime.toFixed(2), p: v.paused, rs: v.readyState, played: pl.toFixed(1), buf: b.join(',') }; })()`;
try {
  await page.goto(`${app.url}/play/tvlive-01`);
  for (let i = 0; i < 45; i++) {
    await page.waitForTimeout(1000);
    const s = (await page.evaluate(STATE)) as { p: boolean } | null;
    if (i % 4 === 0) console.log(i, JSON.stringify(s));
    if (i === 3 && s?.p) { const b = page.getByTestId('play-toggle'); if (await b.isVisible()) { await b.click(); console.log('tapped'); } }
  }
} finally {
  await phone.close();
}
