/** '/m/a/shirt-blue.jpg' or 'shirt-blue.webp' → '/img/386/m/a/shirt-blue.webp' (the image server's path). */
export function imageUrl(image: string, width: number): string {
  const file = image.replace(/^\/+/, '').replace(/\.(jpe?g|png|webp|gif)$/i, '');
  return `/img/${width}/${file}.webp`;
}
