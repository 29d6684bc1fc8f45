import { EARLY_TAP_HOOK, MAIN_IMAGE_TIMING } from '../../domain/app-start.ts';

/**
 * The inline script that starts the app on a server-rendered page (docs/server-rendering.md "Starting the app").
 *
 * The page is readable from its HTML alone, so the app's scripts are fetched once the page's main image is on the
 * screen, not alongside it: on a slow connection the image, which the shopper is waiting for, has the bandwidth to
 * itself, and the script's work never holds back its paint. The app's files are then requested together (module
 * preloads and the entry), so waiting costs one round trip. "On the screen" is the browser's own report of the
 * image's paint (Element Timing); where there is none, the image's load and two frames. A main image that has not
 * been painted within `waitMs` (it failed, or is slow) stops holding the app back; a page without one starts it after
 * its first paint.
 *
 * What the shopper does before the app runs is kept by the early-input keeper in the head
 * (src/app/early-input-keeper.ts); a tap it kept starts the app at once, also one made before this script ran.
 */
export function appStarterScript(entry: string, preloads: readonly string[], waitMs = 2500): string {
  const args = [entry, preloads, MAIN_IMAGE_TIMING, EARLY_TAP_HOOK, waitMs]
    .map((value) => JSON.stringify(value))
    .join(',');
  return `(${START_APP_AFTER_MAIN_IMAGE})(${args})`;
}

// Plain browser JavaScript in a string: a function's own source would carry the server compiler's helpers.
const START_APP_AFTER_MAIN_IMAGE = `function (entry, preloads, timing, hook, waitMs) {
  var kept = window[hook] ? window[hook]() : null;
  // Once per page. The hydrated router runs its manifest's inline scripts again when it finds no script of the same
  // text and nonce, and the browser hides a script's nonce attribute once it ran (CSP nonce hiding).
  if (kept && kept.start) return;
  var started = false;
  // the CSP nonce this script ran with (docs/security.md), for the script and preloads it adds
  var nonce = document.currentScript ? document.currentScript.nonce : '';
  function start() {
    if (started) return;
    started = true;
    preloads.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      if (nonce) link.nonce = nonce;
      document.head.appendChild(link);
    });
    var script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    if (nonce) script.nonce = nonce;
    document.head.appendChild(script);
  }
  if (kept) {
    kept.start = start;
    if (kept.wanted) return start();
  }
  function afterFrames() {
    requestAnimationFrame(function () { requestAnimationFrame(function () { setTimeout(start, 0); }); });
  }
  setTimeout(start, waitMs);
  var image = document.querySelector('img[elementtiming="' + timing + '"]');
  var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
  var type = image ? 'element' : 'paint';
  if (types.indexOf(type) < 0) {
    if (image && !image.complete) {
      image.addEventListener('load', afterFrames);
      image.addEventListener('error', afterFrames);
    } else afterFrames();
    return;
  }
  // No start on the image's error: an image served by the service worker can report one and still be painted
  // a moment later; a main image that never paints is what waitMs is for.
  new PerformanceObserver(function (list, observer) {
    var painted = list.getEntries().some(function (e) {
      return image ? e.element === image : e.name === 'first-contentful-paint';
    });
    if (painted) {
      observer.disconnect();
      setTimeout(start, 0);
    }
  }).observe({ type: type, buffered: true });
}`;
