import { access, mkdir, rename } from 'node:fs/promises';
import { join } from 'node:path';
import sharp from 'sharp';
import { COLOURS, type ColourCode } from './attributes.ts';
import type { Queryable } from '../db/index.ts';
import { IMAGE_WIDTHS, detailFile, imageHeight, imageOfFile } from './image-names.ts';

// Flat drawings on a 400×500 (4:5) canvas, one per garment shape. Crude, but they tell a shirt from a shoe in a
// listing, weigh a few KB as WebP, and render in milliseconds, so seeding 50 000 products stays fast.
const SHAPES: Record<string, (fill: string, line: string) => string> = {
  shirt: (
    c,
    l,
  ) => `<path d="M120 90 L170 68 L200 100 L230 68 L280 90 L350 160 L318 196 L290 172 L290 440 L110 440 L110 172 L82 196 L50 160 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M170 68 L200 100 L230 68 L222 120 L200 100 L178 120 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="200" y1="100" x2="200" y2="440" stroke="${l}" stroke-width="3"/>
    ${[150, 210, 270, 330, 390].map((y) => `<circle cx="208" cy="${y}" r="5" fill="${l}"/>`).join('')}`,
  tshirt: (
    c,
    l,
  ) => `<path d="M135 80 L170 68 Q200 100 230 68 L265 80 L340 132 L308 178 L280 158 L280 440 L120 440 L120 158 L92 178 L60 132 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M170 68 Q200 100 230 68" fill="none" stroke="${l}" stroke-width="6"/>`,
  polo: (
    c,
    l,
  ) => `<path d="M135 80 L170 68 L200 92 L230 68 L265 80 L340 132 L308 178 L280 158 L280 440 L120 440 L120 158 L92 178 L60 132 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M170 68 L200 92 L230 68 L236 96 L200 92 L164 96 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="200" y1="92" x2="200" y2="170" stroke="${l}" stroke-width="3"/>
    <circle cx="207" cy="118" r="4" fill="${l}"/><circle cx="207" cy="148" r="4" fill="${l}"/>`,
  knit: (
    c,
    l,
  ) => `<path d="M130 80 Q200 118 270 80 L330 110 L362 400 L322 408 L290 180 L290 430 L110 430 L110 180 L78 408 L38 400 L70 110 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M130 80 Q200 118 270 80" fill="none" stroke="${l}" stroke-width="8"/>
    <rect x="110" y="410" width="180" height="20" fill="none" stroke="${l}" stroke-width="3"/>`,
  cardigan: (
    c,
    l,
  ) => `<path d="M130 80 L200 200 L270 80 L330 110 L362 400 L322 408 L290 180 L290 430 L110 430 L110 180 L78 408 L38 400 L70 110 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="200" y1="200" x2="200" y2="430" stroke="${l}" stroke-width="4"/>
    ${[230, 280, 330, 380].map((y) => `<circle cx="210" cy="${y}" r="6" fill="${l}"/>`).join('')}`,
  hoodie: (c, l) => `<path d="M150 50 Q200 10 250 50 L265 110 L135 110 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M130 90 Q200 118 270 90 L330 120 L362 400 L322 408 L290 190 L290 430 L110 430 L110 190 L78 408 L38 400 L70 120 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M145 320 L255 320 L270 390 L130 390 Z" fill="none" stroke="${l}" stroke-width="4"/>`,
  jacket: (
    c,
    l,
  ) => `<path d="M125 80 L175 65 L200 210 L225 65 L275 80 L335 120 L358 420 L318 426 L296 200 L296 445 L104 445 L104 200 L82 426 L42 420 L65 120 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M175 65 L160 150 L200 210 M225 65 L240 150 L200 210" fill="none" stroke="${l}" stroke-width="4"/>
    <circle cx="200" cy="280" r="6" fill="${l}"/><circle cx="200" cy="330" r="6" fill="${l}"/>
    <line x1="250" y1="300" x2="285" y2="300" stroke="${l}" stroke-width="4"/>`,
  suit: (
    c,
    l,
  ) => `<path d="M125 80 L175 65 L200 210 L225 65 L275 80 L335 120 L358 420 L318 426 L296 200 L296 445 L104 445 L104 200 L82 426 L42 420 L65 120 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M175 65 L200 210 L225 65 Z" fill="#f4f4f0"/><path d="M194 80 L206 80 L210 170 L200 195 L190 170 Z" fill="${l}"/>
    <path d="M175 65 L160 150 L200 210 M225 65 L240 150 L200 210" fill="none" stroke="${l}" stroke-width="4"/>
    <circle cx="200" cy="280" r="6" fill="${l}"/><circle cx="200" cy="330" r="6" fill="${l}"/>`,
  gilet: (
    c,
    l,
  ) => `<path d="M140 70 L200 220 L260 70 L300 110 L300 440 L200 460 L100 440 L100 110 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    ${[250, 300, 350, 400].map((y) => `<circle cx="200" cy="${y}" r="6" fill="${l}"/>`).join('')}`,
  trousers: (
    c,
    l,
  ) => `<path d="M130 50 L270 50 L295 465 L218 465 L200 170 L182 465 L105 465 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="130" y1="80" x2="270" y2="80" stroke="${l}" stroke-width="3"/><line x1="160" y1="80" x2="150" y2="460" stroke="${l}" stroke-width="1.5"/><line x1="240" y1="80" x2="250" y2="460" stroke="${l}" stroke-width="1.5"/>`,
  jeans: (
    c,
    l,
  ) => `<path d="M130 50 L270 50 L295 465 L218 465 L200 170 L182 465 L105 465 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="130" y1="80" x2="270" y2="80" stroke="#d9a441" stroke-width="3"/>
    <path d="M140 85 Q160 120 190 110 M260 85 Q240 120 210 110" fill="none" stroke="#d9a441" stroke-width="3"/>
    <line x1="200" y1="80" x2="200" y2="160" stroke="#d9a441" stroke-width="3"/>`,
  shorts: (
    c,
    l,
  ) => `<path d="M120 120 L280 120 L305 330 L218 340 L200 220 L182 340 L95 330 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="120" y1="150" x2="280" y2="150" stroke="${l}" stroke-width="3"/>`,
  sneaker: (
    c,
    l,
  ) => `<path d="M50 330 Q60 260 150 250 L230 205 Q300 215 330 280 L352 330 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="44" y="328" width="314" height="30" rx="12" fill="#f4f4f0" stroke="${l}" stroke-width="3"/>
    <path d="M200 230 L240 270 M220 220 L255 258 M240 214 L268 246" stroke="${l}" stroke-width="4"/>`,
  shoe: (
    c,
    l,
  ) => `<path d="M50 335 Q60 290 140 285 L240 250 Q320 250 345 300 L352 335 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="46" y="333" width="310" height="16" rx="6" fill="${l}"/><path d="M240 262 Q215 290 250 300" fill="none" stroke="${l}" stroke-width="3"/>`,
  boot: (
    c,
    l,
  ) => `<path d="M210 110 L300 110 L305 280 Q345 290 352 330 L50 330 Q60 280 150 270 L210 240 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="46" y="328" width="310" height="24" rx="8" fill="${l}"/>`,
  tie: (
    c,
    l,
  ) => `<path d="M182 50 L218 50 L228 88 L210 102 L245 400 L200 455 L155 400 L190 102 L172 88 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="190" y1="102" x2="210" y2="102" stroke="${l}" stroke-width="3"/>`,
  belt: (c, l) => `<rect x="40" y="220" width="320" height="60" rx="10" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="270" y="205" width="60" height="90" rx="8" fill="none" stroke="#b9b9b9" stroke-width="10"/>
    ${[90, 130, 170].map((x) => `<circle cx="${x}" cy="250" r="6" fill="${l}"/>`).join('')}`,
  socks: (
    c,
    l,
  ) => `<path d="M120 60 L200 60 L200 330 Q200 420 130 420 L80 420 Q50 420 55 380 L120 330 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <path d="M220 90 L300 90 L300 360 Q300 450 230 450 L180 450 Q150 450 155 410 L220 360 Z" fill="${c}" stroke="${l}" stroke-width="4"/>
    <line x1="120" y1="90" x2="200" y2="90" stroke="${l}" stroke-width="4"/><line x1="220" y1="120" x2="300" y2="120" stroke="${l}" stroke-width="4"/>`,
  pocket: (c, l) => `<rect x="90" y="220" width="220" height="200" fill="#3b3e42"/>
    <path d="M120 230 L160 130 L200 225 L240 120 L285 230 Z" fill="${c}" stroke="${l}" stroke-width="4"/>`,
  book: (c, l) => `<rect x="100" y="70" width="220" height="360" rx="6" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="100" y="70" width="26" height="360" fill="${l}"/>
    <rect x="150" y="130" width="140" height="14" fill="#f4f4f0"/><rect x="150" y="160" width="100" height="10" fill="#f4f4f0"/>`,
  giftbox: (c, l) => `<rect x="80" y="200" width="240" height="220" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="70" y="170" width="260" height="50" fill="${c}" stroke="${l}" stroke-width="4"/>
    <rect x="190" y="170" width="20" height="250" fill="#c9a227"/>`,
};

/** Top edge (in the 600×744 master) of the 300×372 close-up; garments default to the collar area. */
const DETAIL_TOP: Record<string, number> = {
  sneaker: 234,
  shoe: 260,
  boot: 200,
  belt: 186,
  shorts: 180,
  pocket: 200,
  giftbox: 250,
};

/** Darker outline so white and ecru garments stay visible on the light background. */
function outline(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  const ch = (shift: number) => Math.max(0, Math.round(((n >> shift) & 255) * 0.55));
  return `rgb(${ch(16)},${ch(8)},${ch(0)})`;
}

export function garmentSvg(shape: string, colour: ColourCode): string {
  const hex = COLOURS.find((c) => c.code === colour)?.hex ?? '#888888';
  const draw = SHAPES[shape] ?? SHAPES.giftbox;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="500" viewBox="0 0 400 500">
  <rect width="400" height="500" fill="#f3f1ed"/>${draw(hex, outline(hex))}</svg>`;
}

/**
 * Writes `{imageDir}/{width}/{file}` for every width of IMAGE_WIDTHS. The SVG is rasterised once at the gallery size
 * and scaled down from there. Each file is written under a temporary name and renamed, so a crash never leaves a
 * truncated image behind that a later start would take for a finished one.
 */
export async function renderImages(
  imageDir: string,
  images: { shape: string; colour: ColourCode; file: string }[],
): Promise<number> {
  await Promise.all(IMAGE_WIDTHS.map((w) => mkdir(join(imageDir, String(w)), { recursive: true })));
  let written = 0;
  const queue = [...images];
  const worker = async () => {
    for (let item = queue.shift(); item; item = queue.shift()) {
      // Raw pixels between the steps: no PNG encode/decode per image.
      const rendered = await sharp(Buffer.from(garmentSvg(item.shape, item.colour)))
        .resize(600, 744, { fit: 'contain', background: '#f3f1ed' })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const master = () => sharp(rendered.data, { raw: rendered.info });
      // The close-up enlarges the telling part: collar and buttons of a garment, the body of a shoe or buckle.
      const top = DETAIL_TOP[item.shape] ?? 100;
      const cropped = await master()
        .extract({ left: 150, top, width: 300, height: 372 })
        .raw()
        .toBuffer({ resolveWithObject: true });
      const detail = () => sharp(cropped.data, { raw: cropped.info });
      for (const width of IMAGE_WIDTHS) {
        const size = { width, height: imageHeight(width), fit: 'cover' as const };
        for (const [image, file] of [
          [master, item.file],
          [detail, detailFile(item.file)],
        ] as const) {
          const target = join(imageDir, String(width), file);
          await image().resize(size).webp({ quality: 78, effort: 1 }).toFile(`${target}.partial`);
          await rename(`${target}.partial`, target);
        }
        written += 2;
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return written;
}

const exists = (path: string) =>
  access(path).then(
    () => true,
    () => false,
  );

/**
 * The drawings the catalogue refers to that are missing at some width: a start after a crash during the first
 * seed (the catalogue committed, its images not all written) renders these and nothing else.
 */
export async function missingImages(
  db: Queryable,
  imageDir: string,
): Promise<{ shape: string; colour: ColourCode; file: string }[]> {
  const { rows } = await db.query<{ file: string }>(
    `select distinct doc->>'image' as file from products where doc->>'image' is not null
     union select distinct g->>'image' from products, jsonb_array_elements(doc->'media_gallery') g where g->>'image' is not null`,
  );
  const drawings = new Map(
    rows
      .map((r) => imageOfFile(r.file))
      .filter((d) => d !== null)
      .map((d) => [d.file, d]),
  );
  const missing = [];
  for (const drawing of drawings.values()) {
    const files = IMAGE_WIDTHS.flatMap((w) => [
      join(imageDir, String(w), drawing.file),
      join(imageDir, String(w), detailFile(drawing.file)),
    ]);
    if ((await Promise.all(files.map(exists))).includes(false)) missing.push(drawing);
  }
  return missing;
}
