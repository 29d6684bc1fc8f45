import type { FastifyError } from 'fastify';

/**
 * A 400 message that names the field, from Fastify's ajv validation result: "body.cartItem.qty must be integer",
 * "querystring.sku is required".
 */
export function describeValidationError(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.message;
  const context = error.validationContext ?? 'request';
  const path = first.instancePath.replace(/^\//, '').replace(/\//g, '.');
  if (first.keyword === 'required') {
    const missing = (first.params as { missingProperty?: string }).missingProperty;
    return `${[context, path, missing].filter(Boolean).join('.')} is required`;
  }
  if (first.keyword === 'additionalProperties') {
    const extra = (first.params as { additionalProperty?: string }).additionalProperty;
    return `${[context, path, extra].filter(Boolean).join('.')} is not allowed`;
  }
  return `${[context, path].filter(Boolean).join('.')} ${first.message ?? 'is invalid'}`;
}
