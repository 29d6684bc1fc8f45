import type { CatalogApi } from '../api-types.ts';
import type { WorkerContext } from '../context.ts';

export function catalogApi(_ctx: WorkerContext): CatalogApi {
  const notYet = async (): Promise<never> => {
    throw new Error('Catalogue is not available yet');
  };
  return {
    searchProducts: notYet,
    categoryListing: notYet,
    textSearch: notYet,
    loadCategories: notYet,
    getCategory: notYet,
    loadProduct: notYet,
    configureProduct: notYet,
    colorRelations: notYet,
  };
}
