import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Builder, By, type WebDriver } from 'selenium-webdriver';
import { PHONE_SIZE, type EngineDriver } from './engine-page.ts';
import { scriptExpression, scriptValue } from './script.ts';

/** Debian's WebKitGTK (`apt-get install webkit2gtk-driver xvfb`): its WebDriver drives its MiniBrowser. */
export const WEBKIT_DRIVER = '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** An X display of its own (Xvfb picks a free number and writes it to the pipe `-displayfd` names). */
async function startXvfb(): Promise<{ display: string; process: ChildProcess }> {
  const xvfb = spawn('Xvfb', ['-displayfd', '1', '-screen', '0', '1280x1024x24', '-nolisten', 'tcp'], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  const display = await new Promise<string>((resolve, reject) => {
    xvfb.stdout!.once('data', (data: Buffer) => resolve(`:${data.toString().trim()}`));
    xvfb.once('exit', (code) => reject(new Error(`Xvfb exited (${code})`)));
  });
  return { display, process: xvfb };
}

async function driverListening(port: number): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    const ok = await fetch(`http://127.0.0.1:${port}/status`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('WebKitWebDriver did not start');
}

/**
 * WebKitGTK's MiniBrowser on an X display of its own, driven through WebKitWebDriver (selenium-webdriver as the
 * client). MiniBrowser keeps its data in the XDG folders, so each page gets empty ones: a profile of its own.
 */
export async function openWebKit(): Promise<EngineDriver> {
  const profile = await mkdtemp(join(tmpdir(), 'ofm-webkit-'));
  const xvfb = await startXvfb();
  const port = await freePort();
  const webdriver = spawn(WEBKIT_DRIVER, [`--port=${port}`], {
    stdio: 'ignore',
    env: {
      ...process.env,
      DISPLAY: xvfb.display,
      XDG_DATA_HOME: join(profile, 'data'),
      XDG_CACHE_HOME: join(profile, 'cache'),
      XDG_CONFIG_HOME: join(profile, 'config'),
    },
  });
  let driver: WebDriver;
  try {
    await driverListening(port);
    driver = await new Builder()
      .usingServer(`http://127.0.0.1:${port}`)
      .withCapabilities({
        'browserName': 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await driver.manage().window().setRect(PHONE_SIZE);
  } catch (error) {
    webdriver.kill();
    xvfb.process.kill();
    throw error;
  }
  const capabilities = await driver.getCapabilities();
  return {
    engine: 'webkit',
    version: `WebKitGTK ${String(capabilities.get('browserVersion'))}`,
    goto: (url) => driver.get(url),
    reload: () => driver.navigate().refresh(),
    run: async (body, ...args) =>
      scriptValue(
        await driver.executeAsyncScript(
          `const done = arguments[arguments.length - 1]; ${scriptExpression(body, args)}.then(done);`,
        ),
      ),
    click: async (css) => driver.findElement(By.css(css)).click(),
    type: async (css, text) => driver.findElement(By.css(css)).sendKeys(text),
    close: async () => {
      await driver.quit().catch(() => undefined);
      webdriver.kill();
      xvfb.process.kill();
      // MiniBrowser's processes may still be writing their caches as they end
      await rm(profile, { recursive: true, force: true, maxRetries: 5 }).catch(() => undefined);
    },
  };
}
