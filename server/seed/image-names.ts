import { COLOURS, type ColourCode } from './attributes.ts';

/**
 * Product images: one drawing per (garment shape, colour), shared by every product of that kind and colour.
 * A product document stores the file name only (`shirt-navy.webp`); the file lives at `{imageDir}/{width}/{file}` and
 * is served at `/img/{width}/{file}` for the widths below (the app serves imageDir at /img/).
 */
export const IMAGE_WIDTHS = [48, 96, 150, 386, 600] as const;

/** 4:5 portrait: 600×744 is the gallery size and 386×483 the tile size of spec 000 §9; the rest keep 4:5. */
export function imageHeight(width: number): number {
  if (width === 600) return 744;
  return Math.round(width * 1.25);
}

export function imageFile(shape: string, colour: ColourCode): string {
  return `${shape}-${colour.toLowerCase()}.webp`;
}

/** The drawing a file name stands for (imageFile's inverse); null for a name imageFile cannot have made. */
export function imageOfFile(file: string): { shape: string; colour: ColourCode; file: string } | null {
  const match = /^([a-z]+)-([a-z]+)(?:-detail)?\.webp$/.exec(file);
  const colour = match && COLOURS.find((c) => c.code.toLowerCase() === match[2])?.code;
  return match && colour ? { shape: match[1], colour, file: imageFile(match[1], colour) } : null;
}

/** The second gallery image of every product: a close-up of the same drawing (fabric, buttons, collar). */
export function detailFile(file: string): string {
  return file.replace(/\.webp$/, '-detail.webp');
}

export function imageUrl(width: number, file: string): string {
  return `/img/${width}/${file}`;
}
