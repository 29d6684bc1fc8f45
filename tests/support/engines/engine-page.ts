/**
 * One shopper's page in any of the three browser engines the key journeys run in (docs/testing.md "Every engine"):
 * Chromium through playwright-core, WebKitGTK through its WebDriver, Firefox ESR through WebDriver BiDi. Each engine's
 * page does the same few things a shopper does (open, reload, tap, type) with the engine's own input, and reads the
 * screen with a script in the page, so one journey reads the same in every engine.
 */
export type EngineName = 'chromium' | 'webkit' | 'firefox';

/** What a shopper looks for: an element by CSS, optionally by the text it shows (or its label), or a field by its label. */
export interface Target {
  css?: string;
  /** Part of the element's text or aria-label. */
  text?: string;
  /** Part of a form field's label (the field itself is the target). */
  label?: string;
  /** Only inside this element. */
  within?: string;
}

/** The engine-specific part: a driver opens, scripts and taps; the shopper's steps are built on these in `Shopper`. */
export interface EngineDriver {
  readonly engine: EngineName;
  /** The browser's own name and version, for the bench's rows. */
  readonly version: string;
  goto(url: string): Promise<void>;
  reload(): Promise<void>;
  /** Runs `body` (a function body; `args` are its `args`) in the page and answers its (awaited) return value. */
  run<T>(body: string, ...args: unknown[]): Promise<T>;
  /** A real tap (the engine's pointer input) on the element that matches `css`. */
  click(css: string): Promise<void>;
  /** Real key presses into the element that matches `css`. */
  type(css: string, text: string): Promise<void>;
  close(): Promise<void>;
}

/** The phone the journeys run on. */
export const PHONE_SIZE = { width: 412, height: 915 };

const MARK = 'data-engine-target';
let marks = 0;

/**
 * Finds the target in the page and marks it with a fresh attribute the driver can click by; null when it is not on
 * the screen (not there, or not shown).
 */
const FIND = `
const [target, mark, id] = args;
const scope = target.within ? document.querySelector(target.within) : document;
if (!scope) return null;
const shown = (el) => !!el && el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden';
let found = null;
if (target.label) {
  for (const label of scope.querySelectorAll('label')) {
    if (!label.textContent.trim().includes(target.label)) continue;
    const field = label.control || (label.htmlFor && document.getElementById(label.htmlFor));
    if (shown(field)) { found = field; break; }
  }
} else {
  for (const el of scope.querySelectorAll(target.css || '*')) {
    if (!shown(el)) continue;
    const words = (el.textContent || '') + ' ' + (el.getAttribute('aria-label') || '');
    if (target.text && !words.includes(target.text)) continue;
    found = el;
    break;
  }
}
if (!found) return null;
found.setAttribute(mark, id);
return '[' + mark + '="' + id + '"]';
`;

/** A shopper's page: the steps of the journeys, the same in every engine. */
export class Shopper {
  constructor(
    readonly driver: EngineDriver,
    readonly baseUrl: string,
  ) {}

  get engine(): EngineName {
    return this.driver.engine;
  }

  /** Opens a page of the shop and waits until the app runs on it (React has hydrated its first element). */
  async open(path: string): Promise<void> {
    await this.driver.goto(this.baseUrl + path);
    await this.appRunning();
  }

  async reload(): Promise<void> {
    await this.driver.reload();
    await this.appRunning();
  }

  private async appRunning(): Promise<void> {
    await this.until(
      () =>
        this.driver.run<boolean>(`
          const first = document.getElementById('root')?.firstElementChild;
          return !!first && Object.keys(first).some((key) => key.startsWith('__reactFiber'));`),
      15_000,
    ).catch(() => undefined);
  }

  /** Waits until the target shows; answers the selector it was marked with. */
  async find(target: Target, timeoutMs = 15_000): Promise<string> {
    let selector: string | null = null;
    await this.until(async () => {
      selector = await this.driver.run<string | null>(FIND, target, MARK, String(++marks));
      return selector !== null;
    }, timeoutMs).catch(() => {
      throw new Error(`${this.engine}: ${JSON.stringify(target)} did not show within ${timeoutMs} ms`);
    });
    return selector!;
  }

  /** Taps the target the moment it shows. */
  async tap(target: Target, timeoutMs?: number): Promise<void> {
    const selector = await this.find(target, timeoutMs);
    // as a shopper scrolls it up from under the bars fixed to the screen's edges (the cookie question, the buy bar)
    await this.driver.run(`document.querySelector(args[0])?.scrollIntoView({ block: 'center' });`, selector);
    await this.driver.click(selector);
  }

  /** Types into the field (emptied first, as a shopper selects what is there and types over it). */
  async fill(target: Target, value: string): Promise<void> {
    const selector = await this.find(target);
    await this.driver.run(`const el = document.querySelector(args[0]); el.focus(); el.select?.();`, selector);
    await this.driver.run(
      `const el = document.querySelector(args[0]);
       const set = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value').set;
       set.call(el, ''); el.dispatchEvent(new Event('input', { bubbles: true }));`,
      selector,
    );
    await this.driver.type(selector, value);
  }

  /** Chooses an option of a select by its label. */
  async choose(target: Target, optionLabel: string): Promise<void> {
    const selector = await this.find(target);
    await this.driver.run(
      `const el = document.querySelector(args[0]);
       const option = [...el.options].find((o) => o.label === args[1] || o.text === args[1]);
       el.value = option.value; el.dispatchEvent(new Event('change', { bubbles: true }));`,
      selector,
      optionLabel,
    );
  }

  /** The text the page shows (inside `css`, the whole body by default). */
  text(css = 'body'): Promise<string> {
    return this.driver.run<string>(`return document.querySelector(args[0])?.innerText ?? '';`, css);
  }

  /** Waits until the page shows `words` (inside `css`). */
  async sees(words: string, css = 'body', timeoutMs = 15_000): Promise<void> {
    await this.until(async () => (await this.text(css)).includes(words), timeoutMs).catch(async () => {
      const shown = (await this.text(css).catch(() => '')).slice(0, 400).replace(/\s+/g, ' ');
      throw new Error(`${this.engine}: "${words}" did not show within ${timeoutMs} ms; the page shows: ${shown}`);
    });
  }

  /** Polls `check` every 100 ms until it answers true, or rejects after `timeoutMs`. */
  async until(check: () => Promise<boolean>, timeoutMs: number): Promise<void> {
    const end = Date.now() + timeoutMs;
    for (;;) {
      if (await check().catch(() => false)) return;
      if (Date.now() > end) throw new Error(`not within ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
