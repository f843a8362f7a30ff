// Writes the app's PNG icons (public/icons/) from the favicon's drawing (public/favicon.svg):
// the web app manifest's 192 and 512 px icons, a maskable 512 px one whose house sits inside the
// safe circle (the middle 80%) that Android's masks keep, and the 180 px apple-touch-icon.
// Run it after changing the favicon: `node scripts/generate-icons.mjs`; the PNGs are committed.
import { Buffer } from 'node:buffer';
import fs from 'node:fs/promises';
import sharp from 'sharp';

const favicon = await fs.readFile('public/favicon.svg', 'utf8');
const house = /<path d="([^"]+)"/.exec(favicon)?.[1];
const green = /<rect[^>]*fill="([^"]+)"/.exec(favicon)?.[1];
if (!house || !green) throw new Error('public/favicon.svg: no house path or background found');

/** The favicon's house on a full square of its green, scaled by `scale` around the centre. */
function squareIcon(scale) {
  const offset = 16 * (1 - scale);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" fill="${green}"/><path transform="translate(${offset} ${offset}) scale(${scale})" d="${house}" fill="#fff"/></svg>`;
}

const ICONS = [
  // The favicon as it is (rounded corners): browsers and launchers without masks show it whole.
  { file: 'icon-192.png', size: 192, svg: favicon },
  { file: 'icon-512.png', size: 512, svg: favicon },
  // Full bleed; the house, 22 of 32 units wide, shrunk to stay inside the 80% safe circle.
  { file: 'icon-maskable-512.png', size: 512, svg: squareIcon(0.8) },
  // iOS rounds the corners itself and shows transparency as black: a full square.
  { file: 'apple-touch-icon.png', size: 180, svg: squareIcon(0.9) },
];

await fs.mkdir('public/icons', { recursive: true });
for (const { file, size, svg } of ICONS) {
  await sharp(Buffer.from(svg), { density: (72 * size) / 32 })
    .resize(size, size)
    .png({ compressionLevel: 9, palette: true })
    .toFile(`public/icons/${file}`);
}
