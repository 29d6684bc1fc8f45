/**
 * What the server-rendered page's early-input keeper (src/app/early-input-keeper.ts), its app starter
 * (server/pages/app-starter.ts) and the app agree on (docs/server-rendering.md "Starting the app").
 */

/**
 * The `elementtiming` name of a page's main image (its largest paint): the starter starts the app after the browser
 * reports that image's paint, and the app's components give the image the name.
 */
export const MAIN_IMAGE_TIMING = 'main-image';

/**
 * The global function by which the app takes over from the keeper: it returns the keeper's queue of what the shopper
 * did before the app had hydrated (taps, submits, fields typed into, in order), which keeps filling until the app has
 * replayed it and calls its `release`; from then on React sees every tap and key itself.
 */
export const EARLY_TAP_HOOK = 'ofmTakeEarlyTap';

/**
 * The class the keeper gives a touched control, from the touch: the tap is seen at once, before the app runs (then
 * with aria-busy, until the app has done the kept tap) and after (until the click, when the app's own state follows).
 */
export const EARLY_TAP_PRESSED = 'is-pressed-early';

/**
 * The shop worker's name before its store view's code (`ofm-shop-nl`, `ofm-shop-be`): the worker reads its store view
 * from it. The app starter starts the worker with it once the app's files have arrived, and the app takes that worker
 * over (worker/client.ts).
 */
export const SHOP_WORKER_NAME = 'ofm-shop-';

/**
 * An inline script's source as the page carries it: without its whole-line comments and indentation. The keeper and
 * the starter are written to be read, with the why of every step; in the page they are bytes every first visit
 * downloads and parses before the app (twice for the starter: in the body and in the router's data). A product
 * page's HTML was 15.5 KB compressed, just over what a new connection sends in its first round trip (~14 KB), so its
 * main image was asked for a round trip later than the home page's (docs/server-rendering.md "Starting the app").
 * Only whole-line `//` comments go: the scripts keep no `//` inside a string or a regular expression on a line of its own.
 */
export function compactScript(source: string): string {
  return source
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('//'))
    .join('\n');
}

/**
 * An inline script whose every function V8 compiles with the script (its compile hint, Chrome 136 and later; to any
 * other browser a comment). V8 compiles a function when it first runs, and the keeper's run in a tap's own task: its
 * `press`, `hold` and `holdFocus` were compiled inside the touch's `pointerdown`, 0.5–6 ms each at 4× CPU, before the
 * frame that shows the tap taken (traced 2026-12-06), and the starter's steps compiled theirs in the tasks a first tap
 * waits behind. Compiled with the script they cost a little more while the head is read, before the first paint. The
 * hint counts only as the script's first line.
 */
export function compiledOnLoad(script: string): string {
  return `//# allFunctionsCalledOnLoad\n${script}`;
}
