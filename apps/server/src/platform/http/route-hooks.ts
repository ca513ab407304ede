/** A route option's hooks as a list, to add one of ours (in `onRoute`) after the route's own. */
export function asList<Hook>(hooks: Hook | Hook[] | undefined): Hook[] {
  if (hooks === undefined) return [];
  return Array.isArray(hooks) ? hooks : [hooks];
}
