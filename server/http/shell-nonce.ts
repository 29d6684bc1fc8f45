/**
 * The built shell (index.html) with a nonce on each of its scripts: under the CSP (docs/security.md) a script runs
 * only with the nonce of the answer that carries it. The shell's scripts are Vite's entry (an external module script,
 * which 'strict-dynamic' would refuse without one).
 */
export function shellWithNonce(html: string, nonce: string): string {
  return html.replace(/<script\b(?![^>]*\snonce=)/g, `<script nonce="${nonce}"`);
}
