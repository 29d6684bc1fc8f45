import { compactScript, compiledOnLoad, EARLY_TAP_HOOK, EARLY_TAP_PRESSED } from '../../domain/app-start.ts';

/** The id of the keeper's script element: the hydrating browser renders the element with the text it already has. */
export const EARLY_INPUT_KEEPER_ID = 'early-input-keeper';

/**
 * The inline script, first in the head of a server-rendered page, that keeps what the shopper does before the app
 * runs (docs/server-rendering.md "How a tap travels from the first paint to the worker").
 *
 * A tap on a control (a button, a label) or a form's submit before the app runs would do nothing, and text typed into
 * a field would be in the field but not in the app's state: the keeper keeps every one of them in order, shows the
 * tapped control pressed in the same frame (`EARLY_TAP_PRESSED`, aria-busy), asks for the app at once (the app
 * starter, server/pages/app-starter.ts, at the end of the body, starts it), and keeps listening until the app has
 * hydrated the whole page and replayed the whole queue (src/app/early-input.ts). It listens on the window in the
 * capture phase, before anything of the page (React's listeners are on the document): a kept tap reaches nothing else,
 * so it is never done twice. A link needs no app until the app's root has hydrated; from then on it is kept too, so
 * the router follows it.
 *
 * It is in the head, not with the app starter at the end of the body: the browser draws the page while it is still
 * reading it, and after the page's contents come the router's data, ~30 KB of script on a product page. On a phone
 * four times slower (measured 2026-12-02) the buy box was on the screen 280 ms before the end of the body was read,
 * and a tap in between was lost; on a slow connection that is as long as the rest of the page takes to arrive.
 */
// pure: the browser build, which reads the text from the page (src/app/shop-document.tsx), leaves it out
export const EARLY_INPUT_KEEPER_SCRIPT = /* @__PURE__ */ compiledOnLoad(
  /* @__PURE__ */ compactScript(`(function (hook, pressed) {
  // Once per page: the hydrated router may run a page's inline scripts again.
  if (window[hook]) return;
  var queue = [];
  // start: the app starter's, once it has run (end of the body); wanted: a kept tap asked for the app before that;
  // worker: the shop worker the starter started, for the app to take; workerTaken: the app has, and starts its own
  // when there is none
  var kept = { queue: queue, passing: false, links: false, released: false, release: release, onKeep: null,
    start: null, wanted: false, worker: null, workerTaken: false };
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
  // A kept tap on a checkbox (or its label) shows the box's new state, not only the press: a shopper who sees no
  // tick taps again, and two taps are no tick. Set in the frame after the tap: the browser puts back a kept tap's
  // change at the end of its dispatch. The replay puts the state of before back and then clicks, so the app sees the
  // change (src/app/early-input.ts).
  function choose(target) {
    var box = target.control || target;
    if (box.type !== 'checkbox') return null;
    var choice = { box: box, was: false, shown: false, done: false };
    requestAnimationFrame(function () {
      if (choice.done) return;
      choice.was = box.checked;
      box.checked = !box.checked;
      choice.shown = true;
    });
    return choice;
  }
  function tap(event) {
    if (!event.isTrusted || kept.passing) return;
    var target = control(event.target) || (kept.links && followable(event));
    if (target) keep(event, { type: 'click', target: target, choice: choose(target) }, target);
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
  // product page at 4x CPU, and the tap's click, which the keeper keeps, waited behind it. The keeper keeps the tap,
  // so React need not see them. Not prevented: the browser still scrolls, focuses and clicks.
  function hold(event) {
    if (event.isTrusted && !kept.passing) event.stopPropagation();
  }
  // A control's focus, which a mouse's press brings (a finger's comes with its click): React's listener for it ran in
  // the press's own task (2-12 ms at 4x), before the frame that shows the press. Nothing of the app listens to a
  // control's focus; a field's passes (the search box opens its suggestions when focused).
  function holdFocus(event) {
    var target = event.target;
    if (target && target.matches && target.matches('input, textarea, select, [contenteditable]')) return;
    hold(event);
  }
  // (and those of a pointer moving over the page, for which React queues or dispatches too)
  var held = ['touchstart', 'touchend', 'touchcancel', 'mousedown', 'mouseup', 'auxclick', 'dblclick', 'contextmenu',
    'keydown', 'keypress', 'keyup', 'compositionstart', 'compositionend', 'textInput', 'copy', 'cut', 'paste',
    'dragstart', 'dragend', 'drop', 'reset', 'pointerover', 'pointerout', 'pointermove', 'mouseover', 'mouseout',
    'mousemove', 'gotpointercapture', 'lostpointercapture'];
  var listeners = [['click', tap], ['submit', submit], ['input', input], ['change', input], ['pointerdown', press],
    ['pointerup', lift], ['pointercancel', lift], ['focusin', holdFocus], ['focusout', holdFocus]]
    .concat(held.map(function (type) { return [type, hold]; }));
  // passive: a touch listener that could cancel would make every scroll wait for this thread
  var options = { capture: true, passive: true };
  listeners.forEach(function (l) {
    window.addEventListener(l[0], l[1], l[1] === hold || l[1] === holdFocus ? options : true);
  });
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
  // a kept tap starts the app at once; before the app starter has run, the app starter starts it when it runs
  function start() {
    kept.wanted = true;
    if (kept.start) kept.start();
  }
})(${JSON.stringify(EARLY_TAP_HOOK)}, ${JSON.stringify(EARLY_TAP_PRESSED)})`),
);
