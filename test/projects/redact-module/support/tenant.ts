/** The pattern of this app's tenant ids (a helper the redact hook imports). */
export function tenantPattern(prefix: string): RegExp {
  return new RegExp(`${prefix}-[0-9]{6}`, 'g')
}
