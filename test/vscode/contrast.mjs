// WCAG 2.x contrast of every piece of text a webview shows, measured in the page as the theme
// painted it: the text colour (with its alpha and any opacity above it) over the backgrounds under
// it, composited up to the page's own. Text needs 4.5:1 (AA, success criterion 1.4.3; large text
// is held to the same 4.5:1 here); marks (✓ ✗ ◷ ●, aria-hidden or role="img") are graphics and
// need 3:1 (1.4.11). Elements outside the viewport are measured too; hidden ones are not.

/** Runs in the page (frame.evaluate): returns every text element's ratio and what it needs. */
function measure() {
  const parse = (c) => {
    let m = /^rgba?\(([\d.]+),\s*([\d.]+),\s*([\d.]+)(?:,\s*([\d.]+))?\)$/.exec(c);
    if (m) return [Number(m[1]), Number(m[2]), Number(m[3]), m[4] === undefined ? 1 : Number(m[4])];
    m = /^color\(srgb ([\d.]+) ([\d.]+) ([\d.]+)(?: \/ ([\d.]+))?\)$/.exec(c);
    if (m) return [Number(m[1]) * 255, Number(m[2]) * 255, Number(m[3]) * 255, m[4] === undefined ? 1 : Number(m[4])];
    return null;
  };
  // a over b (b opaque)
  const over = (a, b) => [0, 1, 2].map((i) => a[i] * a[3] + b[i] * (1 - a[3])).concat(1);
  const lum = (c) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [l1, l2] = [lum(a), lum(b)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  };
  const hex = (c) => '#' + c.slice(0, 3).map((v) => Math.round(v).toString(16).padStart(2, '0')).join('');
  const base = parse(getComputedStyle(document.documentElement).backgroundColor) ?? [0, 0, 0, 0];
  const bodyBg = parse(getComputedStyle(document.body).backgroundColor) ?? [0, 0, 0, 0];
  // The page's ground: the body's colour over the root's; white when neither paints one.
  const ground = over(bodyBg, base[3] > 0 ? over(base, [255, 255, 255, 1]) : [255, 255, 255, 1]);
  const backgroundOf = (el) => {
    const layers = [];
    for (let e = el; e && e !== document.body && e !== document.documentElement; e = e.parentElement) {
      const c = parse(getComputedStyle(e).backgroundColor);
      if (c && c[3] > 0) layers.push(c);
    }
    return layers.reverse().reduce((acc, c) => over(c, acc), ground);
  };
  const opacityOf = (el) => {
    let o = 1;
    for (let e = el; e; e = e.parentElement) o *= Number(getComputedStyle(e).opacity || 1);
    return o;
  };
  const visible = (el) => {
    if (!el.getClientRects().length) return false;
    const cs = getComputedStyle(el);
    if (cs.visibility === 'hidden') return false;
    const r = el.getBoundingClientRect();
    // the screen-reader-only pattern: clipped to a pixel
    return r.width > 1 || r.height > 1;
  };
  const out = [];
  for (const el of document.body.querySelectorAll('*')) {
    if (['SCRIPT', 'STYLE', 'PROGRESS'].includes(el.tagName)) continue;
    const text = [...el.childNodes]
      .filter((n) => n.nodeType === 3)
      .map((n) => n.nodeValue)
      .join('')
      .trim();
    if (!text || !visible(el)) continue;
    const fg = parse(getComputedStyle(el).color);
    if (!fg) continue;
    const bg = backgroundOf(el);
    const shown = over([fg[0], fg[1], fg[2], fg[3] * opacityOf(el)], bg);
    const graphic = !!el.closest('[aria-hidden="true"], [role="img"]');
    out.push({
      text: text.slice(0, 40),
      selector: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\s+/).join('.') : ''),
      fg: hex(shown),
      bg: hex(bg),
      ratio: ratio(shown, bg),
      needs: graphic ? 3 : 4.5,
    });
  }
  return out;
}

/**
 * The contrast of a webview frame's text: { count, min, lowest, failures }, where min is the lowest
 * ratio of text (not graphics), rounded down, lowest its element, and failures the elements below
 * what they need.
 */
export async function auditContrast(frame) {
  const all = await frame.evaluate(measure);
  const text = all.filter((e) => e.needs === 4.5);
  const lowest = text.reduce((m, e) => (m && m.ratio <= e.ratio ? m : e), null);
  // compared unrounded: 4.496 is not 4.5
  const failures = all.filter((e) => e.ratio < e.needs).map((e) => ({ ...e, ratio: Math.floor(e.ratio * 100) / 100 }));
  const min = lowest ? Math.floor(lowest.ratio * 100) / 100 : null;
  return { count: all.length, min, lowest: lowest && { ...lowest, ratio: min }, failures };
}
