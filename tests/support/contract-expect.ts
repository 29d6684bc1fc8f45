import { chai, JestAsymmetricMatchers, JestChaiExpect, JestExtend } from '@vitest/expect';
import type { expect as VitestExpect } from 'vitest';

// Vitest's own matchers (the package vitest builds its `expect` from) without its runner, so a contract suite can run
// its assertions in a browser page as well as under vitest.
chai.use(JestExtend);
chai.use(JestChaiExpect);
chai.use(JestAsymmetricMatchers);

export const expect = chai.expect as unknown as typeof VitestExpect;
