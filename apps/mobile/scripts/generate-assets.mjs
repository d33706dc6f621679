#!/usr/bin/env node
// `npm run apps:icons`: draws the apps' icons and splash screens from the product's logo
// (apps/web/public/favicon.svg), at the sizes and file names the Android and iOS projects already
// hold. The SVG is rendered by Debian's Chromium through playwright-core (what the e2e suite runs),
// so no image package is needed. Run it again after changing the logo, and commit the PNGs.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const MOBILE = join(dirname(fileURLToPath(import.meta.url)), '..');
const LOGO = readFileSync(join(MOBILE, '../web/public/favicon.svg'), 'utf8');
const RES = join(MOBILE, 'android/app/src/main/res');
const IOS_ASSETS = join(MOBILE, 'ios/App/App/Assets.xcassets');
/** The logo's teal (theme_color of the web manifest) and the splash's white (background_color). */
const TEAL = '#0f766e';
const WHITE = '#ffffff';

// The logo is a teal rounded square (its first <rect>) with a white shop front drawn over it.
const inner = LOGO.replace(/^<svg[^>]*>/, '').replace(/<\/svg>\s*$/, '');
const glyph = inner.replace(/^<rect[^>]*\/>/, '');
if (glyph === inner) throw new Error('favicon.svg no longer starts with its background <rect>');

/** SVG markup of a square icon: `shape` behind the shop front scaled by `scale` about the centre. */
const iconSvg = ({ shape, scale }) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">${shape}` +
  `<g transform="translate(32 32) scale(${scale}) translate(-32 -32)">${glyph}</g></svg>`;

const ARTWORK = {
  /** Android's legacy launcher icon: the favicon as it is. */
  square: `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">${inner}</svg>`,
  /** Android's legacy round icon: a teal disc; the shop front shrinks to stay inside it. */
  round: iconSvg({ shape: `<circle cx="32" cy="32" r="32" fill="${TEAL}"/>`, scale: 0.82 }),
  /**
   * Android's adaptive icon foreground (108 dp, background colour behind it): the launcher may crop
   * to the inner 66 dp, so the shop front keeps inside it.
   */
  foreground: iconSvg({ shape: '', scale: 0.62 }),
  /** iOS draws its own rounded corners and refuses transparency: a full teal square. */
  ios: iconSvg({ shape: `<rect width="64" height="64" fill="${TEAL}"/>`, scale: 0.8 }),
};

function pngSize(file) {
  const b = readFileSync(file);
  return { width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function pngs(dir, test) {
  const out = [];
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...pngs(p, test));
    else if (test(p)) out.push(p);
  }
  return out;
}

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
const page = await browser.newPage();

/** Renders `svg` into a width × height PNG; `background` null keeps it transparent. */
async function render(svg, width, height, { background = null, logoShare = 1 } = {}) {
  await page.setViewportSize({ width, height });
  const side = Math.round(Math.min(width, height) * logoShare);
  await page.setContent(
    `<!doctype html><html><body style="margin:0;width:${width}px;height:${height}px;display:grid;place-items:center;` +
      `background:${background ?? 'transparent'}"><div style="width:${side}px;height:${side}px">${svg}</div></body></html>`,
  );
  const shot = await page.screenshot({ omitBackground: background === null, type: 'png' });
  // Store icons and splashes must be opaque: Chromium writes an RGB PNG (colour type 2) when the
  // page has a background, so none of them carries an alpha channel.
  if (background !== null && shot[25] !== 2) throw new Error('expected an opaque (RGB) screenshot');
  return shot;
}

const written = [];
async function draw(file, svg, options) {
  const { width, height } = pngSize(file);
  writeFileSync(file, await render(svg, width, height, options));
  written.push(`${file.replace(MOBILE + '/', '')} ${width}×${height}`);
}

for (const file of pngs(RES, (p) => /[/\\]mipmap-[^/\\]+[/\\]ic_launcher\.png$/.test(p)))
  await draw(file, ARTWORK.square);
for (const file of pngs(RES, (p) => /ic_launcher_round\.png$/.test(p))) await draw(file, ARTWORK.round);
for (const file of pngs(RES, (p) => /ic_launcher_foreground\.png$/.test(p))) await draw(file, ARTWORK.foreground);
// Splash screens: the logo, a quarter of the shorter side, centred on the web app's white.
for (const file of pngs(RES, (p) => /splash\.png$/.test(p)))
  await draw(file, ARTWORK.square, { background: WHITE, logoShare: 0.25 });
for (const file of pngs(join(IOS_ASSETS, 'Splash.imageset'), (p) => p.endsWith('.png')))
  await draw(file, ARTWORK.square, { background: WHITE, logoShare: 0.2 });
for (const file of pngs(join(IOS_ASSETS, 'AppIcon.appiconset'), (p) => p.endsWith('.png')))
  await draw(file, ARTWORK.ios, { background: TEAL });

await browser.close();

// The adaptive icon's background layer is the logo's teal.
const colorFile = join(RES, 'values/ic_launcher_background.xml');
writeFileSync(
  colorFile,
  readFileSync(colorFile, 'utf8').replace(/(<color name="ic_launcher_background">)[^<]*(<\/color>)/, `$1${TEAL}$2`),
);
console.log(`${written.length} images drawn from apps/web/public/favicon.svg:\n  ${written.join('\n  ')}`);
