import { shopDbOpener } from './open-shop-db.ts';
import { storageContract } from './storage-contract.ts';

/** What the page exposes to tests/e2e/storage-contract.test.ts: the contract's cases on the page's own IndexedDB. */
export interface StorageContractPage {
  names: string[];
  run(name: string): Promise<void>;
}

const cases = new Map(storageContract(shopDbOpener()).map((contractCase) => [contractCase.name, contractCase]));

(globalThis as { storageContract?: StorageContractPage }).storageContract = {
  names: [...cases.keys()],
  async run(name) {
    const contractCase = cases.get(name);
    if (!contractCase) throw new Error(`no storage contract case named ${name}`);
    await contractCase.run();
  },
};
