import { describe, it } from 'vitest';
import { storageContract } from '../../../support/storage-contract.ts';
import { openFakeIndexedDb } from '../support/test-db.ts';

// The storage contract of the worker's database layer on fake-indexeddb; tests/e2e/storage-contract.test.ts runs the
// same cases on Chromium's IndexedDB.
describe('storage contract on fake-indexeddb', () => {
  for (const contractCase of storageContract(openFakeIndexedDb)) it(contractCase.name, () => contractCase.run());
});
