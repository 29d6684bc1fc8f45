import type { RxJsonSchema } from 'rxdb';
import type { Category } from '../contract/catalog.ts';

export interface CategoryDoc {
  /** The category id as a string (RxDB primary keys are strings). */
  id: string;
  parent_id: number;
  url_path: string;
  doc: Category;
  cached_at: number;
}

export const categoriesSchema: RxJsonSchema<CategoryDoc> = {
  title: 'categories',
  version: 0,
  primaryKey: 'id',
  type: 'object',
  properties: {
    id: { type: 'string', maxLength: 32 },
    parent_id: { type: 'integer', minimum: 0, maximum: 1e9, multipleOf: 1 },
    url_path: { type: 'string', maxLength: 512 },
    doc: { type: 'object' },
    cached_at: { type: 'number', minimum: 0, maximum: 1e15, multipleOf: 1 },
  },
  required: ['id', 'parent_id', 'url_path', 'doc', 'cached_at'],
  indexes: ['parent_id', 'url_path'],
};

export const categoriesMigrationStrategies = {};
