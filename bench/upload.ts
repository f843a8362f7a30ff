/**
 * The upload path's cost per photo: what storePhotos spends to decode, turn upright, resize and
 * encode a 12 MP phone photo into its three WebP widths, and how many bytes it keeps of those it
 * was given. Part of `npm run bench`; runs alone in a few seconds with `npx tsx bench/upload.ts`.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { PHOTO_WIDTHS } from '#lib/photos.ts';
import { createMediaService } from '#modules/media/media.service.ts';
import { createLocalPhotoStorage } from '#modules/media/media.storage.ts';
import { formatFigure, isWithinBudget, median, note, type Budget, type Figure } from './figures.ts';

const PHOTO = { width: 3000, height: 4000, quality: 85 } as const;
const RUNS = 10;
/** UPLOAD_MAX_MB's default: the benchmark photo must pass the limit the server applies. */
const MAX_BYTES = 10 * 1024 * 1024;

/**
 * A second of CPU is already a long wait on a 2-core server when a seller sends eight photos;
 * 1.5 s per 12 MP photo is the ceiling. What is stored must be smaller than what was sent, or
 * the pipeline is wasting the disk and, later, the visitors' mobile data.
 */
const UPLOAD_BUDGETS = {
  cpuMs: { op: '<', limit: 1500 },
  outPerIn: { op: '<', limit: 1 },
} as const satisfies Record<string, Budget>;

/**
 * A phone-sized JPEG with sensor-like noise: flat colour would compress to almost nothing and
 * make both the decode and the encode look cheaper than a real photo's.
 */
async function createPhonePhoto(): Promise<Buffer> {
  return sharp({
    create: {
      width: PHOTO.width,
      height: PHOTO.height,
      channels: 3,
      background: { r: 120, g: 140, b: 100 },
      noise: { type: 'gaussian', mean: 128, sigma: 30 },
    },
  })
    .jpeg({ quality: PHOTO.quality })
    .toBuffer();
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

/** Measures storePhotos on one phone photo, RUNS times after a warm-up; answers two figures. */
export async function measureUpload(): Promise<Figure[]> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'inzu-bench-upload-'));
  try {
    const storage = createLocalPhotoStorage(dir);
    const media = createMediaService({ storage, maxBytes: MAX_BYTES });
    const photo = await createPhonePhoto();
    const cpuMs: number[] = [];
    const wallMs: number[] = [];
    let bytesOut = 0;
    // The first run loads libvips' codecs and starts its threads; it is not counted.
    for (let run = 0; run <= RUNS; run += 1) {
      const cpuStart = process.cpuUsage();
      const wallStart = performance.now();
      const stored = await media.storePhotos([photo]);
      const cpu = cpuMsSince(cpuStart);
      const wall = performance.now() - wallStart;
      const [stat] = stored.photos;
      if (!stat) throw new Error('storePhotos stored nothing');
      // process.cpuUsage counts every thread, so libvips' worker threads are included.
      if (run > 0) {
        cpuMs.push(cpu);
        wallMs.push(wall);
      }
      bytesOut = PHOTO_WIDTHS.reduce(
        (sum, width) => sum + statSync(path.join(dir, `${stat.key}-${width}.webp`)).size,
        0,
      );
      // Same picture, same names: without this the next run would find the files and skip.
      await stored.discard();
    }
    note(
      `upload: storePhotos on a ${PHOTO.width}x${PHOTO.height} JPEG (quality ${PHOTO.quality}, ` +
        `gaussian noise), ${RUNS} runs after a warm-up; median ${median(wallMs).toFixed(0)} ms ` +
        `wall; ${(photo.length / 1024).toFixed(0)} KB in, ${(bytesOut / 1024).toFixed(0)} KB ` +
        'out (three WebP widths)',
    );
    return [
      {
        name: 'upload-cpu-per-photo',
        value: median(cpuMs),
        unit: 'ms',
        budget: UPLOAD_BUDGETS.cpuMs,
        digits: 0,
      },
      {
        name: 'upload-bytes-out-per-in',
        value: bytesOut / photo.length,
        unit: 'x',
        budget: UPLOAD_BUDGETS.outPerIn,
        digits: 3,
      },
    ];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const isRunDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (isRunDirectly) {
  const figures = await measureUpload();
  for (const figure of figures) console.log(formatFigure(figure));
  process.exitCode = figures.every(isWithinBudget) ? 0 : 1;
}
