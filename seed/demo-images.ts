/**
 * Demo photos drawn in code, so a fresh install shows a lively catalogue without fetching a
 * single file from the internet. Each scene is flat SVG shapes (flat colour compresses to a few
 * kilobytes of WebP), varied by a seed: palette, proportions and details change from one listing
 * to the next, and the same scene and seed always give the same picture.
 */
import sharp from 'sharp';

const DEMO_IMAGE_WIDTH = 1280;
const DEMO_IMAGE_HEIGHT = 853;

const DEMO_SCENES = [
  'house',
  'apartment',
  'hotel',
  'car',
  'suv',
  'motorcycle',
  'land',
  'clothes',
  'sofa',
  'television',
  'fridge',
  'generator',
] as const;
export type DemoScene = (typeof DEMO_SCENES)[number];

export type DemoImageSpec = { scene: DemoScene; seed: number };

const W = DEMO_IMAGE_WIDTH;
const H = DEMO_IMAGE_HEIGHT;

/** A seeded source of randomness: the same seed always gives the same sequence. */
export type Random = {
  next(): number;
  between(min: number, max: number): number;
  pick<T>(values: readonly T[]): T;
  chance(probability: number): boolean;
};

/** A seeded generator (mulberry32): tiny, fast, and unlike Math.random it repeats itself. */
export function createRandom(seed: number): Random {
  let state = seed >>> 0 || 0x9e3779b9;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (min, max) => min + (max - min) * next(),
    pick: (values) => values[Math.floor(next() * values.length)]!,
    chance: (probability) => next() < probability,
  };
}

const round = (value: number) => Math.round(value * 10) / 10;

function rect(x: number, y: number, width: number, height: number, fill: string, extra = '') {
  return `<rect x="${round(x)}" y="${round(y)}" width="${round(width)}" height="${round(height)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function circle(cx: number, cy: number, r: number, fill: string, extra = '') {
  return `<circle cx="${round(cx)}" cy="${round(cy)}" r="${round(r)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function ellipse(cx: number, cy: number, rx: number, ry: number, fill: string, extra = '') {
  return `<ellipse cx="${round(cx)}" cy="${round(cy)}" rx="${round(rx)}" ry="${round(ry)}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function polygon(points: Array<[number, number]>, fill: string, extra = '') {
  const list = points.map(([x, y]) => `${round(x)},${round(y)}`).join(' ');
  return `<polygon points="${list}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function path(d: string, fill: string, extra = '') {
  return `<path d="${d}" fill="${fill}"${extra ? ` ${extra}` : ''}/>`;
}

function line(x1: number, y1: number, x2: number, y2: number, stroke: string, width: number) {
  return `<line x1="${round(x1)}" y1="${round(y1)}" x2="${round(x2)}" y2="${round(y2)}" stroke="${stroke}" stroke-width="${width}" stroke-linecap="round"/>`;
}

function wrapSvg(body: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">${body}</svg>`;
}

// ---------------------------------------------------------------------------------------------
// Outdoor backdrop: sky, sun, clouds and the layered green hills of Kigali dotted with houses.

const SKIES = [
  { top: '#8ec9ee', low: '#c4e4f6', sun: '#fff4c2' },
  { top: '#a2d2f0', low: '#d6ecf7', sun: '#fff8d9' },
  { top: '#7fb8e3', low: '#b9dcf1', sun: '#fff1b8' },
  { top: '#f2b58a', low: '#f8d9b4', sun: '#fff0c9' },
  { top: '#9fc3e6', low: '#dbe9f3', sun: '#fffbe6' },
] as const;

const HILL_SETS = [
  ['#a9c8b0', '#86b36f', '#5f9a4c', '#4b8a3d'],
  ['#b3c9c1', '#94bc78', '#6fa257', '#558f42'],
  ['#a6bfb8', '#7fae68', '#5c964a', '#467f39'],
  ['#b8ccbd', '#9cc47f', '#78aa5c', '#5e9447'],
] as const;

const ROOF_SPECKS = ['#f4efe6', '#c9683f', '#e9e2d4', '#b5553a', '#dcd6c8', '#8f9aa3'] as const;

function ridgePath(random: Random, baseY: number, amplitude: number, segments: number) {
  const points: Array<[number, number]> = [];
  // One point beyond each edge keeps the straight first and last pieces of the curve off-canvas.
  const step = W / segments;
  for (let index = -1; index <= segments + 1; index += 1) {
    points.push([index * step, baseY - random.between(0.15, 1) * amplitude]);
  }
  let d = `M${round(points[0]![0])},${round(points[0]![1])}`;
  for (let index = 1; index < points.length; index += 1) {
    const [x, y] = points[index]!;
    const [px, py] = points[index - 1]!;
    d += ` Q${round(px)},${round(py)} ${round((px + x) / 2)},${round((py + y) / 2)}`;
  }
  const last = points[points.length - 1]!;
  d += ` L${round(last[0])},${round(last[1])} L${round(last[0])},${H} L${round(points[0]![0])},${H} Z`;
  return { d, points };
}

/** The lowest the ridge can be near x, so specks placed below it always sit on the hillside. */
function ridgeFloor(points: Array<[number, number]>, x: number): number {
  const index = Math.max(
    1,
    points.findIndex(([pointX]) => pointX >= x),
  );
  const near = points.slice(Math.max(0, index - 2), index + 2);
  return Math.max(...near.map(([, y]) => y));
}

function drawBackdrop(random: Random, horizonY: number, options: { houses?: number } = {}) {
  const sky = random.pick(SKIES);
  const hills = random.pick(HILL_SETS);
  let svg = rect(0, 0, W, H, sky.top);
  svg += rect(0, horizonY - 260, W, 260, sky.low, 'fill-opacity="0.55"');
  svg += rect(0, horizonY - 140, W, 140, sky.low, 'fill-opacity="0.7"');
  const sunX = random.between(120, W - 120);
  const sunY = random.between(90, 170);
  svg += circle(sunX, sunY, 70, sky.sun, 'fill-opacity="0.45"');
  svg += circle(sunX, sunY, 46, sky.sun);
  const clouds = Math.floor(random.between(2, 5));
  for (let index = 0; index < clouds; index += 1) {
    const cx = random.between(60, W - 60);
    const cy = random.between(60, horizonY - 220);
    const size = random.between(0.7, 1.4);
    svg += `<g fill="#ffffff" fill-opacity="0.85">${ellipse(cx, cy, 90 * size, 26 * size, '#ffffff')}${ellipse(cx - 35 * size, cy - 16 * size, 44 * size, 30 * size, '#ffffff')}${ellipse(cx + 30 * size, cy - 22 * size, 52 * size, 36 * size, '#ffffff')}</g>`;
  }
  const far = ridgePath(random, horizonY - 110, 120, 6);
  svg += path(far.d, hills[0]);
  const houses = options.houses ?? 40;
  for (let index = 0; index < houses; index += 1) {
    const x = random.between(0, W);
    const y = ridgeFloor(far.points, x) + random.between(8, 70);
    const size = random.between(5, 10);
    svg += rect(x, y, size * 1.6, size, random.pick(ROOF_SPECKS));
  }
  const middle = ridgePath(random, horizonY - 40, 90, 5);
  svg += path(middle.d, hills[1]);
  for (let index = 0; index < houses / 2; index += 1) {
    const x = random.between(0, W);
    const y = ridgeFloor(middle.points, x) + random.between(10, 50);
    const size = random.between(8, 14);
    svg += rect(x, y, size * 1.7, size, random.pick(ROOF_SPECKS));
    svg += rect(x, y - size * 0.35, size * 1.7, size * 0.35, '#7a4030', 'fill-opacity="0.6"');
  }
  const near = ridgePath(random, horizonY + 20, 50, 4);
  svg += path(near.d, hills[2]);
  return { svg, ground: hills[3], grass: hills[2] };
}

function drawRoundTree(x: number, baseY: number, size: number, leaf: string) {
  return (
    rect(x - size * 0.08, baseY - size * 0.9, size * 0.16, size * 0.9, '#6b4a32') +
    ellipse(x, baseY - size * 1.25, size * 0.7, size * 0.62, leaf) +
    ellipse(x - size * 0.3, baseY - size * 1.05, size * 0.42, size * 0.38, leaf) +
    ellipse(
      x + size * 0.22,
      baseY - size * 1.5,
      size * 0.35,
      size * 0.3,
      '#ffffff',
      'fill-opacity="0.08"',
    )
  );
}

function drawCypress(x: number, baseY: number, size: number, leaf: string) {
  return (
    rect(x - size * 0.05, baseY - size * 0.3, size * 0.1, size * 0.3, '#5a3d2a') +
    ellipse(x, baseY - size * 1.1, size * 0.26, size * 0.9, leaf)
  );
}

function drawPalm(x: number, baseY: number, size: number, leaf: string) {
  const top: [number, number] = [x + size * 0.25, baseY - size * 2.1];
  let svg = path(
    `M${round(x - 10)},${round(baseY)} Q${round(x - size * 0.1)},${round(baseY - size)} ${round(top[0])},${round(top[1])} L${round(top[0] + 10)},${round(top[1] + 4)} Q${round(x + 6)},${round(baseY - size)} ${round(x + 12)},${round(baseY)} Z`,
    '#8a6a4a',
  );
  for (const angle of [-160, -125, -90, -55, -20, 15, 190]) {
    svg += `<ellipse cx="${round(top[0] + size * 0.45)}" cy="${round(top[1])}" rx="${round(size * 0.5)}" ry="${round(size * 0.09)}" fill="${leaf}" transform="rotate(${angle} ${round(top[0])} ${round(top[1])})"/>`;
  }
  return svg;
}

function drawBush(x: number, y: number, size: number, leaf: string) {
  return (
    ellipse(x, y, size, size * 0.55, leaf) +
    ellipse(x - size * 0.6, y + size * 0.12, size * 0.6, size * 0.4, leaf) +
    ellipse(x + size * 0.6, y + size * 0.12, size * 0.6, size * 0.4, leaf)
  );
}

function drawWindow(x: number, y: number, width: number, height: number, frame: string) {
  return (
    rect(x - 5, y - 5, width + 10, height + 10, frame) +
    rect(x, y, width, height, '#4f6f8c') +
    polygon(
      [
        [x, y + height * 0.55],
        [x + width * 0.55, y],
        [x + width * 0.8, y],
        [x, y + height * 0.85],
      ],
      '#ffffff',
      'fill-opacity="0.18"',
    ) +
    rect(x + width / 2 - 2, y, 4, height, frame) +
    rect(x - 8, y + height + 3, width + 16, 7, frame)
  );
}

const LEAVES = ['#3f7d3a', '#4a8c40', '#356e33', '#5a9a45'] as const;
const WALLS = ['#f3e9d2', '#f7f4ee', '#e8d3b0', '#f1e3a6', '#e6e3dc', '#f0dccb'] as const;
const ROOFS = ['#b4532a', '#3d4650', '#2f5d50', '#7a2e2e', '#8c4a2f', '#4a4f7a'] as const;
const FRAMES = ['#ffffff', '#3b3b3b', '#6b4a32', '#eae6dc'] as const;

function drawHouse(random: Random): string {
  const backdrop = drawBackdrop(random, 560);
  let svg = backdrop.svg;
  const groundY = 640;
  svg += rect(0, groundY - 40, W, H - groundY + 40, backdrop.ground);
  const wall = random.pick(WALLS);
  const roof = random.pick(ROOFS);
  const frame = random.pick(FRAMES);
  const leaf = random.pick(LEAVES);
  const isTwoStorey = random.chance(0.5);
  const width = random.between(520, 640);
  const x = (W - width) / 2 + random.between(-90, 90);
  const height = isTwoStorey ? 300 : 190;
  const top = groundY - height;
  // A compound wall with a gate, as most Kigali houses have, sits behind the lawn edge.
  svg += rect(0, groundY - 70, W, 70, '#d8cfc0');
  svg += rect(0, groundY - 76, W, 8, '#bfb3a1');
  svg += polygon(
    [
      [x + width * 0.35, groundY + 4],
      [x + width * 0.55, groundY + 4],
      [x + width * 0.75, H],
      [x + width * 0.1, H],
    ],
    '#cbbfae',
  );
  svg += rect(x, top, width, height, wall);
  svg += rect(x, top, width, 22, '#000000', 'fill-opacity="0.12"');
  const overhang = 34;
  const ridgeInset = width * random.between(0.22, 0.34);
  const roofHeight = random.between(95, 135);
  svg += polygon(
    [
      [x - overhang, top + 6],
      [x + width + overhang, top + 6],
      [x + width - ridgeInset, top - roofHeight],
      [x + ridgeInset, top - roofHeight],
    ],
    roof,
  );
  svg += polygon(
    [
      [x - overhang, top + 6],
      [x + width + overhang, top + 6],
      [x + width + overhang - 8, top - 4],
      [x - overhang + 8, top - 4],
    ],
    '#000000',
    'fill-opacity="0.2"',
  );
  const floors = isTwoStorey ? 2 : 1;
  const columns = width > 580 ? 4 : 3;
  const doorColumn = Math.floor(random.between(0, columns));
  for (let floor = 0; floor < floors; floor += 1) {
    const rowY = top + 40 + floor * 140;
    for (let column = 0; column < columns; column += 1) {
      const cellX = x + (width / columns) * column;
      const cellW = width / columns;
      if (floor === floors - 1 && column === doorColumn) {
        const doorW = 70;
        const doorX = cellX + (cellW - doorW) / 2;
        svg += rect(doorX - 8, groundY - 150, doorW + 16, 150, frame);
        svg += rect(doorX, groundY - 142, doorW, 142, '#7a4b2a');
        svg += rect(doorX + 10, groundY - 130, doorW - 20, 50, '#000000', 'fill-opacity="0.12"');
        svg += circle(doorX + doorW - 14, groundY - 70, 5, '#e0c070');
        svg += rect(doorX - 24, groundY - 4, doorW + 48, 10, '#b0a595');
        continue;
      }
      svg += drawWindow(cellX + cellW * 0.22, rowY, cellW * 0.56, 86, frame);
    }
  }
  if (isTwoStorey) svg += rect(x - 10, top + 138, width + 20, 12, '#000000', 'fill-opacity="0.1"');
  svg += drawRoundTree(x - 120, groundY + 20, random.between(120, 160), leaf);
  svg += drawCypress(x + width + 90, groundY + 10, random.between(150, 200), random.pick(LEAVES));
  if (random.chance(0.6)) svg += drawRoundTree(W - 90, groundY + 60, 140, leaf);
  for (let index = 0; index < 4; index += 1) {
    svg += drawBush(x + 40 + index * (width / 4), groundY + 14, 34, random.pick(LEAVES));
  }
  svg += rect(0, groundY + 26, W, 20, '#000000', 'fill-opacity="0.06"');
  return wrapSvg(svg);
}

function drawApartment(random: Random): string {
  const backdrop = drawBackdrop(random, 560);
  let svg = backdrop.svg;
  const groundY = 660;
  svg += rect(0, groundY - 20, W, H - groundY + 20, '#c9c3b8');
  svg += rect(0, groundY + 70, W, H, backdrop.ground);
  const wall = random.pick(['#f4f1ea', '#e9e4da', '#f1ead8', '#e4e7ea'] as const);
  const accent = random.pick(['#c7643a', '#3d6f8f', '#7b8f3a', '#9a4f6b', '#5a5a66'] as const);
  const frame = random.pick(['#3b3b3b', '#ffffff'] as const);
  const floors = Math.floor(random.between(5, 7));
  const floorH = 78;
  const width = random.between(520, 620);
  const x = (W - width) / 2 + random.between(-120, 60);
  const top = groundY - floors * floorH - 30;
  // A second block behind gives depth without drawing its windows in detail.
  const backX = x + width - 40;
  svg += rect(backX, top + 90, 300, groundY - top - 90, '#d6d2ca');
  for (let floor = 0; floor < floors - 1; floor += 1) {
    for (let column = 0; column < 4; column += 1) {
      svg += rect(backX + 80 + column * 52, top + 120 + floor * floorH, 30, 40, '#8aa0b3');
    }
  }
  svg += rect(x, top, width, groundY - top, wall);
  svg += rect(x - 10, top - 14, width + 20, 18, '#bdb6aa');
  svg += rect(x + width * 0.42, top, width * 0.16, groundY - top, accent);
  for (let floor = 0; floor < floors; floor += 1) {
    const rowY = top + 30 + floor * floorH;
    for (const side of [0, 1]) {
      const blockX = side === 0 ? x + 24 : x + width * 0.58 + 24;
      const blockW = width * 0.42 - 48;
      svg += rect(blockX, rowY, blockW, 44, '#4f6f8c');
      svg += rect(blockX, rowY, blockW, 44, '#ffffff', 'fill-opacity="0.12"');
      svg += rect(blockX + blockW / 3, rowY, 4, 44, frame);
      svg += rect(blockX + (blockW * 2) / 3, rowY, 4, 44, frame);
      if (floor < floors - 1) {
        svg += rect(blockX - 14, rowY + 44, blockW + 28, 8, '#a9a296');
        svg += rect(blockX - 14, rowY + 20, blockW + 28, 24, frame, 'fill-opacity="0.35"');
      }
    }
    svg += rect(x + width * 0.45, rowY + 6, width * 0.1, 34, '#ffffff', 'fill-opacity="0.3"');
  }
  svg += rect(x + width * 0.42, groundY - 90, width * 0.16, 90, '#3c4a57');
  svg += rect(x + width * 0.38, groundY - 100, width * 0.24, 12, '#6b6458');
  svg += drawRoundTree(x - 90, groundY + 40, 150, random.pick(LEAVES));
  svg += drawRoundTree(x + width + 120, groundY + 60, 130, random.pick(LEAVES));
  svg += drawCypress(60, groundY + 60, 190, random.pick(LEAVES));
  for (let index = 0; index < 6; index += 1) {
    svg += drawBush(80 + index * 220, groundY + 80, 30, random.pick(LEAVES));
  }
  return wrapSvg(svg);
}

function drawHotel(random: Random): string {
  const backdrop = drawBackdrop(random, 540);
  let svg = backdrop.svg;
  const groundY = 650;
  svg += rect(0, groundY - 20, W, H - groundY + 20, '#e3dccd');
  const glass = random.pick(['#3f6e8c', '#2f5872', '#4b7a7a', '#5a6f8a'] as const);
  const band = random.pick(['#f5f2ea', '#e8e0cf', '#d9dde2'] as const);
  const width = random.between(380, 460);
  const x = (W - width) / 2 + random.between(-100, 100);
  const top = random.between(70, 120);
  svg += rect(x - 150, top + 190, width + 300, groundY - top - 190, band);
  for (let floor = 0; floor < 5; floor += 1) {
    for (const offset of [-130, width + 20]) {
      svg += rect(x + offset, top + 215 + floor * 64, 110, 36, glass);
    }
  }
  svg += rect(x, top, width, groundY - top, glass);
  const floors = Math.floor((groundY - top - 120) / 46);
  for (let floor = 0; floor < floors; floor += 1) {
    svg += rect(x, top + 30 + floor * 46, width, 10, band);
  }
  for (let column = 1; column < 6; column += 1) {
    svg += rect(
      x + (width / 6) * column - 2,
      top,
      4,
      groundY - top - 110,
      band,
      'fill-opacity="0.7"',
    );
  }
  svg += polygon(
    [
      [x, top + 80],
      [x + width * 0.45, top],
      [x + width * 0.7, top],
      [x, top + 240],
    ],
    '#ffffff',
    'fill-opacity="0.1"',
  );
  svg += rect(x - 14, top - 24, width + 28, 26, band);
  svg += rect(x + width * 0.3, top - 70, width * 0.4, 46, '#1f2b38');
  svg += rect(x + width * 0.34, top - 58, width * 0.32, 8, '#e8c46a');
  svg += rect(x + width * 0.34, top - 42, width * 0.2, 6, '#e8c46a', 'fill-opacity="0.7"');
  svg += rect(x - 40, groundY - 120, width + 80, 18, '#2a2f35');
  svg += rect(x + width * 0.25, groundY - 102, width * 0.5, 102, '#d9c7a0', 'fill-opacity="0.6"');
  // Rwanda's colours on the flag poles, a common sight in front of Kigali hotels.
  for (const [index, colour] of ['#20603d', '#00a1de', '#fad201'].entries()) {
    const poleX = x - 110 - index * 50;
    svg += rect(poleX, groundY - 250, 6, 250, '#9aa1a8');
    svg += rect(poleX + 6, groundY - 248, 62, 38, colour);
  }
  svg += polygon(
    [
      [120, H - 20],
      [W - 120, H - 20],
      [W - 260, groundY + 40],
      [260, groundY + 40],
    ],
    '#4fb3d9',
  );
  svg += polygon(
    [
      [140, H - 36],
      [W - 140, H - 36],
      [W - 270, groundY + 52],
      [270, groundY + 52],
    ],
    '#67c6e6',
  );
  for (let index = 0; index < 4; index += 1) {
    const lineY = groundY + 80 + index * 34;
    svg += rect(330 + index * 30, lineY, 160, 5, '#ffffff', 'fill-opacity="0.45"');
    svg += rect(760 - index * 20, lineY + 10, 140, 5, '#ffffff', 'fill-opacity="0.35"');
  }
  svg += drawPalm(90, groundY + 60, random.between(150, 180), random.pick(LEAVES));
  svg += drawPalm(W - 110, groundY + 70, random.between(150, 190), random.pick(LEAVES));
  svg += drawPalm(x + width + 200, groundY, 120, random.pick(LEAVES));
  return wrapSvg(svg);
}

const CAR_COLOURS = [
  '#f2f2f0',
  '#b9bec4',
  '#24272b',
  '#b3262b',
  '#1f3b63',
  '#2f5240',
  '#8a6d3b',
  '#5c6470',
] as const;

function drawRoadScene(random: Random) {
  const backdrop = drawBackdrop(random, 540, { houses: 30 });
  let svg = backdrop.svg;
  svg += rect(0, 560, W, 60, backdrop.ground);
  svg += rect(0, 610, W, H - 610, '#5b5f63');
  svg += rect(0, 610, W, 10, '#d8d4cb');
  for (let index = 0; index < 7; index += 1) {
    svg += rect(index * 220 - 40, 790, 120, 10, '#f0e6c0');
  }
  svg += drawRoundTree(random.between(60, 200), 590, 110, random.pick(LEAVES));
  svg += drawCypress(random.between(1050, 1220), 590, 150, random.pick(LEAVES));
  return svg;
}

function drawWheel(cx: number, cy: number, r: number) {
  let svg = circle(cx, cy, r, '#1e1f21');
  svg += circle(cx, cy, r * 0.62, '#b9bfc6');
  svg += circle(cx, cy, r * 0.5, '#8d949c');
  for (let spoke = 0; spoke < 5; spoke += 1) {
    const angle = (spoke / 5) * Math.PI * 2 - Math.PI / 2;
    svg += line(
      cx,
      cy,
      cx + Math.cos(angle) * r * 0.52,
      cy + Math.sin(angle) * r * 0.52,
      '#c9ced4',
      9,
    );
  }
  svg += circle(cx, cy, r * 0.16, '#5f656c');
  return svg;
}

function drawCar(random: Random, isSuv: boolean): string {
  let svg = drawRoadScene(random);
  const body = random.pick(CAR_COLOURS);
  const cx = W / 2 + random.between(-60, 60);
  const groundY = 760;
  const direction = random.chance(0.5) ? 1 : -1;
  svg += ellipse(cx, groundY + 2, 420, 26, '#000000', 'fill-opacity="0.3"');
  const roof = isSuv ? -320 : -290;
  const belt = isSuv ? -200 : -185;
  const bodyPath = isSuv
    ? 'M-390,-60 L-392,-200 Q-388,-228 -350,-232 L-300,-236 L-250,-318 Q-240,-330 -215,-330 L150,-330 Q185,-330 205,-305 L268,-226 L360,-212 Q392,-204 394,-170 L394,-60 Q392,-50 372,-50 L336,-50 A86,86 0 0 0 164,-50 L-164,-50 A86,86 0 0 0 -336,-50 L-372,-50 Q-390,-50 -390,-60 Z'
    : 'M-385,-60 L-385,-150 Q-380,-175 -340,-180 L-210,-195 L-130,-278 Q-110,-292 -70,-292 L110,-292 Q150,-292 180,-268 L262,-200 L352,-184 Q384,-176 386,-148 L386,-60 Q384,-50 364,-50 L336,-50 A86,86 0 0 0 164,-50 L-164,-50 A86,86 0 0 0 -336,-50 L-364,-50 Q-385,-50 -385,-60 Z';
  const glassPath = isSuv
    ? 'M-282,-236 L-236,-312 Q-228,-320 -210,-320 L144,-320 Q170,-320 186,-300 L244,-230 Z'
    : 'M-190,-196 L-120,-270 Q-104,-282 -70,-282 L106,-282 Q140,-282 166,-260 L236,-198 Z';
  svg += `<g transform="translate(${round(cx)} ${groundY}) scale(${direction} 1)">`;
  svg += path(bodyPath, body);
  svg += path(glassPath, '#2e3d4f');
  svg += polygon(
    [
      [isSuv ? -150 : -80, roof + 12],
      [isSuv ? -90 : -30, roof + 12],
      [isSuv ? -180 : -120, belt - 10],
      [isSuv ? -240 : -170, belt - 10],
    ],
    '#ffffff',
    'fill-opacity="0.18"',
  );
  svg += rect(isSuv ? -40 : 0, roof + 8, 16, belt - roof - 4, body);
  svg += rect(isSuv ? 110 : 150, roof + 30, 14, belt - roof - 30, body);
  svg += rect(-380, belt + 4, 770, 6, '#000000', 'fill-opacity="0.12"');
  svg += `<path d="M${isSuv ? -230 : -175},${belt} L${isSuv ? -230 : -175},-60 M${isSuv ? -32 : 8},${belt} L${isSuv ? -32 : 8},-60 M${isSuv ? 168 : 178},${belt} L${isSuv ? 168 : 178},-60" stroke="#000000" stroke-opacity="0.2" stroke-width="3" fill="none"/>`;
  svg += rect(isSuv ? -170 : -120, belt + 24, 40, 8, '#000000', 'fill-opacity="0.3"');
  svg += rect(isSuv ? 30 : 60, belt + 24, 40, 8, '#000000', 'fill-opacity="0.3"');
  svg += path(
    `M${isSuv ? 360 : 352},${belt - 8} L392,${belt + 2} L390,${belt + 24} L358,${belt + 18} Z`,
    '#fff6d8',
  );
  svg += rect(-390, belt + 2, 16, 34, '#c0262d');
  svg += rect(-392, -96, 786, 20, '#000000', 'fill-opacity="0.22"');
  svg += '</g>';
  svg += drawWheel(cx - 250, groundY - 64, 64);
  svg += drawWheel(cx + 250, groundY - 64, 64);
  return wrapSvg(svg);
}

function drawMotorcycle(random: Random): string {
  let svg = drawRoadScene(random);
  const paint = random.pick(['#c3202b', '#1f5fa8', '#2a7a3b', '#202124', '#e0a21c'] as const);
  const cx = W / 2 + random.between(-80, 80);
  const groundY = 770;
  const r = 92;
  const rear = cx - 240;
  const front = cx + 250;
  const wheelY = groundY - r;
  svg += ellipse(cx, groundY + 2, 360, 20, '#000000', 'fill-opacity="0.3"');
  for (const wheelX of [rear, front]) {
    svg += circle(wheelX, wheelY, r, 'none', 'stroke="#1d1d1d" stroke-width="24"');
    svg += circle(wheelX, wheelY, r - 16, 'none', 'stroke="#a7adb4" stroke-width="6"');
    for (let spoke = 0; spoke < 12; spoke += 1) {
      const angle = (spoke / 12) * Math.PI * 2;
      svg += line(
        wheelX,
        wheelY,
        wheelX + Math.cos(angle) * (r - 16),
        wheelY + Math.sin(angle) * (r - 16),
        '#c4c9cf',
        3,
      );
    }
    svg += circle(wheelX, wheelY, 16, '#7d848b');
  }
  svg += `<path d="M${round(rear - 110)},${round(wheelY - 20)} A${r + 18},${r + 18} 0 0 1 ${round(rear + 60)},${round(wheelY - 95)}" stroke="${paint}" stroke-width="16" fill="none"/>`;
  svg += `<path d="M${round(front - 70)},${round(wheelY - 80)} A${r + 16},${r + 16} 0 0 1 ${round(front + 90)},${round(wheelY - 50)}" stroke="${paint}" stroke-width="14" fill="none"/>`;
  svg += line(rear, wheelY, cx - 20, wheelY - 40, '#3a3d41', 18);
  svg += line(cx - 20, wheelY - 40, cx - 70, wheelY - 150, '#3a3d41', 14);
  svg += line(cx - 20, wheelY - 40, front - 90, wheelY - 170, '#3a3d41', 14);
  svg += line(front, wheelY, front - 70, wheelY - 250, '#b8bec5', 16);
  svg += path(
    `M${round(cx - 80)},${round(wheelY - 70)} L${round(cx + 40)},${round(wheelY - 70)} L${round(cx + 60)},${round(wheelY + 10)} L${round(cx - 70)},${round(wheelY + 10)} Z`,
    '#55595e',
  );
  svg += rect(cx - 60, wheelY - 50, 90, 40, '#6d7278');
  svg += line(cx - 40, wheelY + 20, rear - 60, wheelY - 10, '#c9ced4', 16);
  svg += path(
    `M${round(cx - 30)},${round(wheelY - 150)} Q${round(cx + 40)},${round(wheelY - 215)} ${round(front - 110)},${round(wheelY - 180)} L${round(front - 100)},${round(wheelY - 130)} Q${round(cx + 30)},${round(wheelY - 110)} ${round(cx - 20)},${round(wheelY - 118)} Z`,
    paint,
  );
  svg += path(
    `M${round(rear - 80)},${round(wheelY - 140)} Q${round(rear)},${round(wheelY - 175)} ${round(cx - 20)},${round(wheelY - 160)} L${round(cx - 26)},${round(wheelY - 128)} L${round(rear - 70)},${round(wheelY - 112)} Z`,
    '#1c1c1e',
  );
  svg += rect(rear - 110, wheelY - 118, 120, 14, paint);
  svg += line(front - 80, wheelY - 258, front - 140, wheelY - 290, '#2a2c2f', 10);
  svg += line(front - 80, wheelY - 258, front - 40, wheelY - 292, '#2a2c2f', 10);
  svg += circle(front - 40, wheelY - 225, 26, '#d8dde2');
  svg += circle(front - 40, wheelY - 225, 18, '#fff6d8');
  svg += rect(rear - 122, wheelY - 126, 20, 16, '#c0262d');
  return wrapSvg(svg);
}

function drawLand(random: Random): string {
  const backdrop = drawBackdrop(random, 500, { houses: 70 });
  let svg = backdrop.svg;
  const groundY = 520;
  svg += rect(0, groundY, W, H - groundY, backdrop.grass);
  svg += rect(0, groundY + 120, W, H - groundY - 120, backdrop.ground, 'fill-opacity="0.6"');
  const soil = random.pick(['#b0522d', '#a84a28', '#b95e36', '#9e4624'] as const);
  const furrow = '#8e3f20';
  const nearL = random.between(120, 220);
  const nearR = random.between(1060, 1160);
  const farL = random.between(360, 440);
  const farR = random.between(840, 920);
  const farY = random.between(560, 590);
  const nearY = 820;
  svg += polygon(
    [
      [nearL, nearY],
      [nearR, nearY],
      [farR, farY],
      [farL, farY],
    ],
    soil,
  );
  for (let index = 1; index < 7; index += 1) {
    const t = index / 7;
    svg += line(
      nearL + (nearR - nearL) * t,
      nearY - 4,
      farL + (farR - farL) * t,
      farY + 4,
      furrow,
      3,
    );
  }
  for (const [px, py, size] of [
    [nearL, nearY, 1],
    [nearR, nearY, 1],
    [farR, farY, 0.6],
    [farL, farY, 0.6],
  ] as const) {
    svg += rect(px - 8 * size, py - 46 * size, 16 * size, 50 * size, '#f3f0ea');
    svg += rect(px - 8 * size, py - 46 * size, 16 * size, 14 * size, '#c8282e');
  }
  for (let index = 0; index < 6; index += 1) {
    svg += drawBush(random.between(40, W - 40), random.between(830, 850), 26, random.pick(LEAVES));
  }
  svg += drawRoundTree(random.between(40, 120), groundY + 80, 120, random.pick(LEAVES));
  svg += drawCypress(random.between(1160, 1240), groundY + 70, 160, random.pick(LEAVES));
  // The "plot for sale" board: text bars rather than glyphs, so no font is needed to render it.
  const signX = random.between(600, 760);
  const board = random.pick(['#fdfbf5', '#f7d84a'] as const);
  svg += rect(signX + 20, 500, 12, 240, '#6b4a32');
  svg += rect(signX + 208, 500, 12, 240, '#6b4a32');
  svg += rect(signX, 470, 240, 150, board);
  svg += rect(signX, 470, 240, 38, '#c8282e');
  svg += rect(signX + 24, 484, 150, 10, '#ffffff');
  svg += rect(signX + 24, 530, 190, 12, '#2b2b2b');
  svg += rect(signX + 24, 556, 150, 12, '#2b2b2b');
  svg += rect(signX + 24, 584, 120, 14, '#2a6fb0');
  svg += rect(signX, 612, 240, 8, '#000000', 'fill-opacity="0.15"');
  return wrapSvg(svg);
}

const WALL_TONES = ['#efe6d8', '#e6ecef', '#f2e4d2', '#e9e2ef', '#e3eadf'] as const;
const FLOOR_TONES = ['#b8875a', '#a9794e', '#c7a07a', '#9a9a96'] as const;

function drawRoom(random: Random, floorY: number) {
  const wall = random.pick(WALL_TONES);
  let svg = rect(0, 0, W, H, wall);
  svg += rect(0, floorY, W, H - floorY, random.pick(FLOOR_TONES));
  svg += rect(0, floorY - 14, W, 14, '#ffffff', 'fill-opacity="0.7"');
  for (let index = 1; index < 6; index += 1) {
    svg += rect(0, floorY + index * 30, W, 2, '#000000', 'fill-opacity="0.06"');
  }
  const windowX = random.between(40, 120);
  svg += rect(windowX, 80, 220, 300, '#ffffff');
  svg += rect(windowX + 12, 92, 196, 276, '#bfe0f2');
  svg += rect(windowX + 12, 290, 196, 78, '#8fc27a');
  svg += rect(windowX + 106, 92, 8, 276, '#ffffff');
  return svg;
}

const CLOTH_COLOURS = [
  '#d9472b',
  '#f2b134',
  '#2a7ab0',
  '#2f8f5b',
  '#7c3f98',
  '#f4f1ea',
  '#1f2b38',
  '#e07a9b',
  '#8a5a3c',
  '#3bb3a7',
] as const;

function drawGarment(x: number, top: number, kind: number, colour: string, patternId?: string) {
  const fill = patternId ? `url(#${patternId})` : colour;
  let svg = `<path d="M${x},${top - 30} q0,-18 14,-18 q14,0 14,14" stroke="#8d949c" stroke-width="4" fill="none"/>`;
  svg += line(x - 46, top, x + 14, top - 28, '#8d949c', 4);
  svg += line(x + 74, top, x + 14, top - 28, '#8d949c', 4);
  const cx = x + 14;
  if (kind === 0) {
    svg += path(
      `M${cx - 50},${top} L${cx - 86},${top + 70} L${cx - 64},${top + 84} L${cx - 44},${top + 50} L${cx - 44},${top + 250} L${cx + 44},${top + 250} L${cx + 44},${top + 50} L${cx + 64},${top + 84} L${cx + 86},${top + 70} L${cx + 50},${top} Q${cx},${top + 22} ${cx - 50},${top} Z`,
      fill,
    );
  } else if (kind === 1) {
    svg += path(
      `M${cx - 34},${top} L${cx - 44},${top + 90} L${cx - 90},${top + 360} L${cx + 90},${top + 360} L${cx + 44},${top + 90} L${cx + 34},${top} Q${cx},${top + 30} ${cx - 34},${top} Z`,
      fill,
    );
    svg += rect(cx - 44, top + 86, 88, 12, '#000000', 'fill-opacity="0.15"');
  } else {
    svg += path(
      `M${cx - 56},${top} L${cx - 70},${top + 300} L${cx - 44},${top + 300} L${cx - 40},${top + 70} L${cx - 40},${top + 290} L${cx + 40},${top + 290} L${cx + 40},${top + 70} L${cx + 44},${top + 300} L${cx + 70},${top + 300} L${cx + 56},${top} Z`,
      fill,
    );
    svg += rect(cx - 1.5, top + 8, 3, 280, '#000000', 'fill-opacity="0.25"');
  }
  svg += path(
    `M${cx - 50},${top} Q${cx},${top + 22} ${cx + 50},${top} Q${cx},${top + 8} ${cx - 50},${top} Z`,
    '#000000',
    'fill-opacity="0.2"',
  );
  return svg;
}

function drawClothes(random: Random): string {
  const floorY = 700;
  let svg = '<defs>';
  const patterns = [0, 1].map((index) => {
    const base = random.pick(CLOTH_COLOURS);
    const dot = random.pick(CLOTH_COLOURS);
    return `<pattern id="kitenge${index}" width="36" height="36" patternUnits="userSpaceOnUse"><rect width="36" height="36" fill="${base}"/><circle cx="18" cy="18" r="9" fill="${dot}"/><rect y="32" width="36" height="4" fill="${dot}"/></pattern>`;
  });
  svg += `${patterns.join('')}</defs>`;
  svg += drawRoom(random, floorY);
  svg += rect(300, 150, 12, floorY - 140, '#a7adb4');
  svg += rect(1180, 150, 12, floorY - 140, '#a7adb4');
  svg += rect(290, 146, 912, 12, '#c4c9cf');
  svg += rect(260, floorY + 4, 72, 12, '#8d949c');
  svg += rect(1150, floorY + 4, 72, 12, '#8d949c');
  const count = Math.floor(random.between(6, 8));
  const step = 840 / count;
  for (let index = 0; index < count; index += 1) {
    const x = 330 + index * step + step / 2 - 14;
    const kind = Math.floor(random.between(0, 3));
    const patternId = random.chance(0.3) ? `kitenge${index % 2}` : undefined;
    svg += drawGarment(x, 200, kind, random.pick(CLOTH_COLOURS), patternId);
  }
  for (let index = 0; index < 3; index += 1) {
    const shoeX = 420 + index * 200 + random.between(-30, 30);
    const shoe = random.pick(['#2b2b2b', '#6b4a32', '#c3202b', '#f4f1ea'] as const);
    svg += path(`M${round(shoeX)},${floorY + 60} q0,-34 30,-34 l40,14 q36,8 36,20 l0,8 Z`, shoe);
    svg += path(
      `M${round(shoeX + 90)},${floorY + 64} q0,-34 30,-34 l40,14 q36,8 36,20 l0,8 Z`,
      shoe,
    );
  }
  return wrapSvg(svg);
}

function drawPlant(x: number, floorY: number, leaf: string) {
  let svg = path(
    `M${x - 40},${floorY - 80} L${x + 40},${floorY - 80} L${x + 30},${floorY} L${x - 30},${floorY} Z`,
    '#c0633a',
  );
  for (const angle of [-60, -35, -10, 15, 40, 65]) {
    svg += `<ellipse cx="${x}" cy="${floorY - 170}" rx="18" ry="90" fill="${leaf}" transform="rotate(${angle} ${x} ${floorY - 90})"/>`;
  }
  return svg;
}

function drawSofa(random: Random): string {
  const floorY = 620;
  let svg = drawRoom(random, floorY);
  const fabric = random.pick([
    '#3d6f8f',
    '#8a5a3c',
    '#6b7b3a',
    '#9a4f6b',
    '#5a5f66',
    '#c98b2f',
  ] as const);
  svg += rect(560, 110, 300, 200, '#ffffff');
  svg += rect(
    574,
    124,
    272,
    172,
    random.pick(['#e07a5f', '#3d405b', '#81b29a', '#f2cc8f'] as const),
  );
  svg += circle(700, 210, 50, '#ffffff', 'fill-opacity="0.35"');
  svg += ellipse(
    720,
    floorY + 150,
    420,
    70,
    random.pick(['#d9c7a0', '#b85c4a', '#4d6a7a'] as const),
  );
  const x = 360;
  const width = 720;
  svg += rect(x, floorY - 230, width, 150, fabric);
  svg += rect(x, floorY - 230, width, 150, '#ffffff', 'fill-opacity="0.08"');
  svg += rect(x - 50, floorY - 150, 90, 160, fabric);
  svg += rect(x + width - 40, floorY - 150, 90, 160, fabric);
  svg += rect(x + 40, floorY - 100, width - 80, 70, fabric);
  svg += rect(x + 40, floorY - 100, width - 80, 14, '#ffffff', 'fill-opacity="0.15"');
  for (let index = 1; index < 3; index += 1) {
    svg += rect(
      x + 40 + ((width - 80) / 3) * index - 2,
      floorY - 100,
      4,
      70,
      '#000000',
      'fill-opacity="0.2"',
    );
  }
  svg += rect(x + 70, floorY - 200, 110, 90, random.pick(CLOTH_COLOURS), 'rx="16"');
  svg += rect(x + width - 180, floorY - 200, 110, 90, random.pick(CLOTH_COLOURS), 'rx="16"');
  svg += rect(x - 30, floorY + 8, 20, 24, '#3b2a1d');
  svg += rect(x + width + 10, floorY + 8, 20, 24, '#3b2a1d');
  svg += drawPlant(1180, floorY + 40, random.pick(LEAVES));
  return wrapSvg(svg);
}

function drawTelevision(random: Random): string {
  const floorY = 640;
  let svg = drawRoom(random, floorY);
  const wood = random.pick(['#8a5a3c', '#5a3d2a', '#c7a07a', '#3b3b3b'] as const);
  svg += rect(380, floorY - 150, 620, 150, wood);
  svg += rect(400, floorY - 130, 280, 110, '#000000', 'fill-opacity="0.15"');
  svg += rect(700, floorY - 130, 280, 110, '#000000', 'fill-opacity="0.15"');
  svg += rect(400, floorY, 20, 30, '#2b2b2b');
  svg += rect(960, floorY, 20, 30, '#2b2b2b');
  svg += rect(660, floorY - 190, 60, 40, '#2b2b2b');
  svg += rect(430, 150, 520, 300, '#1b1c1e');
  const screen = random.pick([
    ['#3a86c8', '#9ed36a', '#f7d84a'],
    ['#e86a3a', '#f2c14e', '#2d3a5a'],
    ['#5bc0be', '#3a506b', '#fcd581'],
  ] as const);
  svg += rect(444, 164, 492, 272, screen[0]);
  svg += path('M444,436 L444,330 Q560,260 690,340 Q800,400 936,300 L936,436 Z', screen[1]);
  svg += circle(820, 240, 40, screen[2]);
  svg += polygon(
    [
      [444, 164],
      [640, 164],
      [444, 330],
    ],
    '#ffffff',
    'fill-opacity="0.1"',
  );
  svg += rect(300, floorY - 250, 50, 250, '#2b2b2b');
  svg += circle(325, floorY - 200, 16, '#555555');
  svg += rect(1030, floorY - 250, 50, 250, '#2b2b2b');
  svg += circle(1055, floorY - 200, 16, '#555555');
  svg += drawPlant(1190, floorY + 40, random.pick(LEAVES));
  return wrapSvg(svg);
}

function drawFridge(random: Random): string {
  const floorY = 660;
  let svg = drawRoom(random, floorY);
  const cabinet = random.pick(['#f4f1ea', '#2f5d50', '#3d6f8f', '#8a5a3c'] as const);
  svg += rect(0, floorY - 300, 520, 300, cabinet);
  svg += rect(0, floorY - 310, 540, 16, '#d9d4ca');
  for (let index = 0; index < 3; index += 1) {
    svg += rect(20 + index * 170, floorY - 280, 150, 260, '#000000', 'fill-opacity="0.08"');
    svg += rect(80 + index * 170, floorY - 180, 30, 6, '#9aa1a8');
  }
  const metal = random.pick(['#c7ccd1', '#e9ecef', '#2f3236'] as const);
  const x = 640;
  svg += rect(x, 130, 340, floorY - 120, metal);
  svg += rect(x, 130, 340, floorY - 120, '#ffffff', 'fill-opacity="0.08"');
  svg += rect(x + 168, 130, 4, floorY - 120, '#000000', 'fill-opacity="0.25"');
  svg += rect(x, 430, 340, 4, '#000000', 'fill-opacity="0.2"');
  svg += rect(x + 140, 220, 10, 150, '#8d949c');
  svg += rect(x + 190, 220, 10, 150, '#8d949c');
  svg += rect(x + 40, 180, 60, 80, '#1f2b38', 'fill-opacity="0.6"');
  svg += polygon(
    [
      [x, 130],
      [x + 80, 130],
      [x, 330],
    ],
    '#ffffff',
    'fill-opacity="0.12"',
  );
  svg += rect(x + 20, floorY + 10, 300, 10, '#000000', 'fill-opacity="0.2"');
  svg += drawPlant(1160, floorY + 40, random.pick(LEAVES));
  return wrapSvg(svg);
}

function drawGenerator(random: Random): string {
  const backdrop = drawBackdrop(random, 520, { houses: 40 });
  let svg = backdrop.svg;
  const groundY = 560;
  svg += rect(0, groundY, W, H - groundY, backdrop.ground);
  svg += rect(0, 660, W, H - 660, '#b9b2a6');
  svg += rect(0, 380, W, 280, '#e2d9c8');
  svg += rect(0, 372, W, 12, '#bfb3a1');
  const paint = random.pick(['#e0a21c', '#c3202b', '#2a7a3b', '#1f5fa8'] as const);
  const x = 360 + random.between(-60, 60);
  const width = 560;
  const top = 420;
  const base = 770;
  svg += ellipse(x + width / 2, base + 6, width / 2 + 40, 20, '#000000', 'fill-opacity="0.3"');
  svg += rect(x - 30, top - 20, 24, base - top + 20, '#2b2b2b');
  svg += rect(x + width + 6, top - 20, 24, base - top + 20, '#2b2b2b');
  svg += rect(x - 30, top - 30, width + 60, 16, '#2b2b2b');
  svg += rect(x, top, width, base - top - 40, paint);
  svg += rect(x, top, width, 30, '#ffffff', 'fill-opacity="0.15"');
  svg += rect(x + 40, top + 70, 200, 170, '#2b2b2b');
  for (let index = 0; index < 6; index += 1) {
    svg += rect(x + 54, top + 86 + index * 26, 172, 10, '#555a60');
  }
  svg += rect(x + 300, top + 70, 220, 120, '#e9ecef');
  svg += circle(x + 350, top + 130, 26, '#2b2b2b');
  svg += circle(x + 350, top + 130, 18, '#ffffff');
  svg += line(x + 350, top + 130, x + 362, top + 118, '#c3202b', 4);
  svg += rect(x + 400, top + 100, 30, 20, '#2b2b2b');
  svg += rect(x + 450, top + 100, 30, 20, '#2a7a3b');
  svg += rect(x + 300, top + 210, 220, 40, '#2b2b2b');
  svg += circle(x + 40, base - 20, 26, '#1e1f21');
  svg += circle(x + width - 40, base - 20, 26, '#1e1f21');
  svg += drawRoundTree(random.between(80, 200), 420, 120, random.pick(LEAVES));
  return wrapSvg(svg);
}

/** Draws one demo scene as SVG text; the same spec always gives the same picture. */
function drawDemoScene({ scene, seed }: DemoImageSpec): string {
  const random = createRandom(seed * 7919 + DEMO_SCENES.indexOf(scene) * 104729);
  switch (scene) {
    case 'house':
      return drawHouse(random);
    case 'apartment':
      return drawApartment(random);
    case 'hotel':
      return drawHotel(random);
    case 'car':
      return drawCar(random, false);
    case 'suv':
      return drawCar(random, true);
    case 'motorcycle':
      return drawMotorcycle(random);
    case 'land':
      return drawLand(random);
    case 'clothes':
      return drawClothes(random);
    case 'sofa':
      return drawSofa(random);
    case 'television':
      return drawTelevision(random);
    case 'fridge':
      return drawFridge(random);
    case 'generator':
      return drawGenerator(random);
  }
}

/**
 * The demo photo for a spec as a PNG, ready for the media service. Rasterised here because the
 * upload pipeline refuses SVG (a document that can carry scripts); these drawings are ours.
 */
export async function createDemoImage(spec: DemoImageSpec): Promise<Buffer> {
  // Fast, light compression: the PNG only carries the pixels to the WebP encoder.
  return sharp(Buffer.from(drawDemoScene(spec), 'utf8'))
    .png({ compressionLevel: 1 })
    .toBuffer();
}
