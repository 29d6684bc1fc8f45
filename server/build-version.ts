import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { SHOP_VERSION_PATTERN } from '../domain/shop-version.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * The version of the code in this checkout (docs/api.md "Versions"): SHOP_VERSION when the operator sets one, else
 * package.json's version and the commit (`0.1.0+1a2b3c4d5e`), else the package version alone (no git). The app's
 * build (vite.config.ts) and the server both take it from here, so a server and the app built from the same commit
 * name the same version, and a device still running an older build names its own.
 */
export function buildVersion(env: NodeJS.ProcessEnv = process.env): string {
  const given = env.SHOP_VERSION?.trim();
  if (given && SHOP_VERSION_PATTERN.test(given)) return given;
  const { version } = JSON.parse(readFileSync(`${ROOT}package.json`, 'utf8')) as { version: string };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short=10', 'HEAD'], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'ignore'],
    })
      .toString()
      .trim();
    return /^[0-9a-f]{4,40}$/.test(commit) ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}

/** Vite's `define` that hands the version to the app, its worker and the service worker (worker/config.ts reads it). */
export function versionDefine(): Record<string, string> {
  return { 'import.meta.env.VITE_SHOP_VERSION': JSON.stringify(buildVersion()) };
}
