import { describe, expect, it } from 'vitest';
import { compactScript } from '../../../domain/app-start.ts';
import { EARLY_INPUT_KEEPER_SCRIPT } from '../../../src/app/early-input-keeper.ts';
import { appStarterScript } from '../../../server/pages/app-starter.ts';

describe('inline scripts of a server-rendered page', () => {
  it('go without their whole-line comments and indentation, and keep the code as it was', () => {
    const source = `function (a) {
      // why this is done
      var url = 'https://example.nl/'; // kept: not a line of its own
      if (a) {
        return url;
      }

    }`;
    expect(compactScript(source)).toBe(
      "function (a) {\nvar url = 'https://example.nl/'; // kept: not a line of its own\nif (a) {\nreturn url;\n}\n}",
    );
    // the same function, run
    const run = (text: string) => (new Function(`return (${text})`)() as (a: boolean) => string)(true);
    expect(run(compactScript(source))).toBe(run(source));
  });

  it('the keeper and the starter are compact and still parse', () => {
    const starter = appStarterScript('/assets/index.js', ['/assets/vendor.js'], '/assets/shop-worker.js');
    for (const script of [EARLY_INPUT_KEEPER_SCRIPT, starter]) {
      // V8 compiles every function with the script (its compile hint counts only as the first line), not in a tap
      expect(script.split('\n')[0]).toBe('//# allFunctionsCalledOnLoad');
      expect(script.split('\n').slice(1).join('\n')).not.toMatch(/^\s*\/\//m);
      expect(script).not.toMatch(/^\s/m);
      expect(() => new Function(script)).not.toThrow();
    }
    // the keeper was 7.9 KB and the starter 4.3 KB (twice in the page) with their comments; the starter's worker ends
    // with the page it was started for (docs/offline-and-storage.md "Leaving a page")
    expect(EARLY_INPUT_KEEPER_SCRIPT.length).toBeLessThan(5_000);
    expect(starter.length).toBeLessThan(3_100);
  });
});
