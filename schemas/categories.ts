import { documentSchema, epochMs, indexedString } from './document-schema.ts';
import type { Category } from '../contract/catalog.ts';

export interface CategoryDoc {
  /** The category id as a string (RxDB primary keys are strings). */
  id: string;
  parent_id: number;
  url_path: string;
  doc: Category;
  cached_at: number;
}

export const categoriesSchema = documentSchema<CategoryDoc>({
  title: 'categories',
  version: 0,
  primaryKey: 'id',
  properties: {
    id: indexedString(32),
    parent_id: { type: 'integer', minimum: 0, maximum: 1e9, multipleOf: 1 },
    url_path: indexedString(512),
    doc: { type: 'object' },
    cached_at: epochMs,
  },
  required: ['id', 'parent_id', 'url_path', 'doc', 'cached_at'],
  indexes: ['parent_id', 'url_path'],
});

export const categoriesMigrationStrategies = {};
