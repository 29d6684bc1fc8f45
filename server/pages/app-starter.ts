import { EARLY_TAP_HOOK, EARLY_TAP_PRESSED, MAIN_IMAGE_TIMING } from '../../domain/app-start.ts';

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
 * A tap on a control (a button, a label) or a form's submit before the app runs would do nothing, and text typed into
 * a field would be in the field but not in the app's state: the starter keeps every one of them in order, shows the
 * tapped control pressed in the same frame (`EARLY_TAP_PRESSED`, aria-busy), starts the app at once, and keeps
 * listening until the app has hydrated the whole page and replayed the whole queue (src/app/early-input.ts;
 * docs/server-rendering.md "How a tap travels from the first paint to the worker"). It listens on the window in the
 * capture phase, before anything of the page (React's listeners are on the document): a kept tap reaches nothing else,
 * so it is never done twice. A link needs no app until the app's root has hydrated; from then on it is kept too, so
 * the router follows it.
 */
export function appStarterScript(entry: string, preloads: readonly string[], waitMs = 2500): string {
  const args = [entry, preloads, MAIN_IMAGE_TIMING, EARLY_TAP_HOOK, EARLY_TAP_PRESSED, waitMs]
    .map((value) => JSON.stringify(value))
    .join(',');
  return `(${START_APP_AFTER_MAIN_IMAGE})(${args})`;
}

// Plain browser JavaScript in a string: a function's own source would carry the server compiler's helpers.
const START_APP_AFTER_MAIN_IMAGE = `function (entry, preloads, timing, hook, pressed, waitMs) {
  // Once per page. The hydrated router runs its manifest's inline scripts again when it finds no script of the same
  // text and nonce, and the browser hides a script's nonce attribute once it ran (CSP nonce hiding): a second
  // starter's listeners would never be released and would keep every later tap from the app.
  if (window[hook]) return;
  var started = false;
  // the CSP nonce this script ran with (docs/security.md), for the script and preloads it adds
  var nonce = document.currentScript ? document.currentScript.nonce : '';
  var queue = [];
  var kept = { queue: queue, passing: false, links: false, released: false, release: release, onKeep: null };
  function control(target) {
    return target && target.closest && target.closest('button, label, summary, [role="button"], input[type="checkbox"], input[type="radio"]');
  }
  function mark(element) {
    if (!element || element.classList.contains(pressed)) return;
    element.classList.add(pressed);
    element.setAttribute('aria-busy', 'true');
  }
  function unmark(element) {
    element.classList.remove(pressed);
    element.removeAttribute('aria-busy');
  }
  // a control with a kept tap stays marked until the app has done it (src/app/early-input.ts)
  function waiting(element) {
    return queue.some(function (item) {
      return (item.type === 'submit' ? item.submitter || item.target : item.target) === element;
    });
  }
  // A control is shown pressed from the finger's touch, the first event of a tap, as a native button is: the click
  // comes some events (and, on a busy phone, some tasks) later. A touch that became a scroll, or a press let go
  // elsewhere, brings no click: its mark goes unless a tap on the control waits.
  var pressing = null;
  function press(event) {
    hold(event);
    if (!event.isTrusted || kept.passing) return;
    var target = control(event.target);
    if (!target || target.classList.contains(pressed)) return;
    mark(target);
    pressing = target;
  }
  function lift(event) {
    hold(event);
    var element = pressing;
    pressing = null;
    if (element) setTimeout(function () { if (!waiting(element)) unmark(element); }, event.type === 'pointercancel' ? 0 : 500);
  }
  function keep(event, item, shown) {
    event.preventDefault();
    event.stopPropagation();
    queue.push(item);
    mark(shown);
    start();
    if (kept.onKeep) kept.onKeep();
  }
  // A link the app's router can follow: the left button, no key held, this window.
  function followable(event) {
    var link = event.target && event.target.closest && event.target.closest('a[href]');
    if (!link || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return null;
    if ((link.target && link.target !== '_self') || link.hasAttribute('download')) return null;
    return link;
  }
  function tap(event) {
    if (!event.isTrusted || kept.passing) return;
    var target = control(event.target) || (kept.links && followable(event));
    if (target) keep(event, { type: 'click', target: target }, target);
    // Before the app has hydrated, a link navigates as a full navigation (no app needed); React never sees its click,
    // or it would first finish hydrating in one task. Once the app's root has hydrated (kept.links), the router
    // follows it after the replay.
    else event.stopPropagation();
  }
  function submit(event) {
    if (!event.isTrusted || kept.passing) return;
    var submitter = event.submitter || null;
    keep(event, { type: 'submit', target: event.target, submitter: submitter }, submitter || event.target);
  }
  function input(event) {
    if (kept.passing) return;
    // the app learns the field's text from the replay (src/app/early-input.ts), not from this event
    if (event.isTrusted) event.stopPropagation();
    var last = queue[queue.length - 1];
    if (!last || last.type !== 'input' || last.target !== event.target) queue.push({ type: 'input', target: event.target });
    start();
    if (kept.onKeep) kept.onKeep();
  }
  // The events of a tap or key before its click, submit or input. React, while it hydrates, finishes the whole
  // hydration in one task when it sees one of them (its discrete events) so that its handler can run: 0.6-0.8 s on a
  // product page at 4x CPU, and the tap's click, which the starter keeps, waited behind it. The starter keeps the tap,
  // so React need not see them. Not prevented: the browser still scrolls, focuses and clicks.
  function hold(event) {
    if (event.isTrusted && !kept.passing) event.stopPropagation();
  }
  // (and those of a pointer moving over the page, for which React queues or dispatches too)
  var held = ['touchstart', 'touchend', 'touchcancel', 'mousedown', 'mouseup', 'auxclick', 'dblclick', 'contextmenu',
    'keydown', 'keypress', 'keyup', 'compositionstart', 'compositionend', 'textInput', 'copy', 'cut', 'paste',
    'dragstart', 'dragend', 'drop', 'reset', 'pointerover', 'pointerout', 'pointermove', 'mouseover', 'mouseout',
    'mousemove', 'gotpointercapture', 'lostpointercapture'];
  var listeners = [['click', tap], ['submit', submit], ['input', input], ['change', input], ['pointerdown', press],
    ['pointerup', lift], ['pointercancel', lift]]
    .concat(held.map(function (type) { return [type, hold]; }));
  // passive: a touch listener that could cancel would make every scroll wait for this thread
  var options = { capture: true, passive: true };
  listeners.forEach(function (l) { window.addEventListener(l[0], l[1], l[1] === hold ? options : true); });
  function release() {
    kept.released = true;
    listeners.forEach(function (l) { window.removeEventListener(l[0], l[1], true); });
    // a press still down stays marked (without aria-busy, the app's from here) until its click, as any later press
    if (pressing && !waiting(pressing)) {
      pressing.removeAttribute('aria-busy');
      touched = pressing;
    }
    ['pointerdown', 'pointerup', 'pointercancel', 'click'].forEach(function (type) {
      window.addEventListener(type, feedback, options);
    });
  }
  // From the release the app does every tap itself, and a control is still shown pressed from the touch: the app's
  // own state (aria-busy while its command runs) comes with the click, some events and, on a busy phone, some tasks
  // later. The class only: aria-busy is the app's from here. It goes with the click, at once for a touch that became a
  // scroll, and half a second after a press let go elsewhere.
  var touched = null;
  function feedback(event) {
    var element = touched;
    if (event.type === 'pointerup') {
      // the click follows; where none does (a press let go elsewhere), the mark goes half a second later
      if (element) setTimeout(function () { if (touched === element) feedback({ type: 'pointercancel' }); }, 500);
      return;
    }
    touched = null;
    if (element) element.classList.remove(pressed);
    if (event.type !== 'pointerdown' || !event.isTrusted) return;
    touched = control(event.target);
    if (touched) touched.classList.add(pressed);
  }
  window[hook] = function () { return kept; };
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
