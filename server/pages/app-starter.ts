import {
  compactScript,
  compiledOnLoad,
  EARLY_TAP_HOOK,
  MAIN_IMAGE_TIMING,
  SHOP_WORKER_NAME,
} from '../../domain/app-start.ts';

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
 *
 * Once the app's files have arrived it starts the shop worker (`worker`, its script) and leaves it on the keeper's
 * object for the app to take (worker/client.ts): its script, the largest the page loads, is then fetched and compiled
 * on its own thread, and its database opened, while the main thread evaluates the app's modules and hydrates, so the
 * database is open by the time a first tap reaches it. Started by the app, after its modules had run, a first tap's
 * add waited 0.2–0.6 s for the database in one trial of four at 4× CPU. Not before the app's files have arrived: on a
 * slow connection they keep the bandwidth (docs/server-rendering.md "Starting the app").
 */
export function appStarterScript(
  entry: string,
  preloads: readonly string[],
  worker: string | null,
  waitMs = 2500,
): string {
  const args = [entry, preloads, worker, SHOP_WORKER_NAME, MAIN_IMAGE_TIMING, EARLY_TAP_HOOK, waitMs]
    .map((value) => JSON.stringify(value))
    .join(',');
  return compiledOnLoad(`(${START_APP_AFTER_MAIN_IMAGE})(${args})`);
}

// Plain browser JavaScript in a string: a function's own source would carry the server compiler's helpers.
const START_APP_AFTER_MAIN_IMAGE = compactScript(`function (entry, preloads, worker, workerName, timing, hook, waitMs) {
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
    var files = preloads.concat(entry);
    // The worker's start is watched for first: the app starts its own where the starter has not started one yet.
    if (kept && worker && window.Worker) afterArrival(files, startWorker);
    // Each step in a task of its own: a tap waits for the whole task that runs when it comes, and at 4× adding one
    // preload was 2–11 ms, the whole start 20–50 ms. The files are fetched together, the entry's too (it is run last).
    var steps = files.map(function (href) { return function () { preload(href); }; });
    steps.push(function () { run(files); });
    (function next() {
      var step = steps.shift();
      if (step) setTimeout(function () { step(); next(); }, 0);
    })();
  }
  function preload(href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    if (nonce) link.nonce = nonce;
    document.head.appendChild(link);
  }
  // Each shared chunk (vendor: React, the router) is run by a script of its own before the entry, so the modules'
  // evaluation is a task per chunk instead of one long task: a tap waits for the whole task that runs when it comes.
  // A chunk already run by another is not run again.
  function run(files) {
    var script = document.createElement('script');
    script.type = 'module';
    script.src = files[0];
    if (nonce) script.nonce = nonce;
    if (files.length > 1) script.onload = script.onerror = function () { run(files.slice(1)); };
    document.head.appendChild(script);
  }
  // The browser reports a file's arrival (its resource timing) before it has compiled and run it; a load event would
  // come after that, and the app would have started its own worker by then. A browser that reports none: the app
  // starts the worker, as it runs.
  function afterArrival(files, then) {
    var types = (window.PerformanceObserver && PerformanceObserver.supportedEntryTypes) || [];
    if (types.indexOf('resource') < 0) return;
    var waiting = files.map(function (href) { return new URL(href, location.href).href; });
    new PerformanceObserver(function (list, observer) {
      list.getEntries().forEach(function (e) {
        var at = waiting.indexOf(e.name);
        if (at >= 0) waiting.splice(at, 1);
      });
      if (waiting.length > 0) return;
      observer.disconnect();
      then();
    }).observe({ type: 'resource', buffered: true });
  }
  function startWorker() {
    // not when the app has run first and started its own (worker/client.ts)
    if (kept.worker || kept.workerTaken) return;
    var store = document.documentElement.getAttribute('data-store') === 'be' ? 'be' : 'nl';
    try {
      var w = (kept.worker = new Worker(worker, { type: 'module', name: workerName + store }));
      // left before the app took it: ended with the page, as the app ends its own (worker/client.ts endWorker)
      addEventListener('pagehide', function () { w.terminate(); });
    } catch (error) {
      // the app starts its own (worker/client.ts)
    }
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
}`);
