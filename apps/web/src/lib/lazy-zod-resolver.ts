import type { FieldValues, Resolver } from 'react-hook-form';

/**
 * A react-hook-form resolver that loads zod and the shared schema only when the form first
 * validates. The login landing uses it to stay within its 150 KB budget while still
 * validating with the one shared schema (docs/decisions/0008).
 */
export function lazyZodResolver<TValues extends FieldValues>(
  loadSchema: () => Promise<unknown>,
): Resolver<TValues> & { preload: () => void } {
  let resolver: Promise<Resolver<TValues>> | undefined;
  const load = () =>
    (resolver ??= Promise.all([loadSchema(), import('@hookform/resolvers/zod')]).then(
      ([schema, { zodResolver }]) => zodResolver(schema as never) as unknown as Resolver<TValues>,
    ));
  const lazy: Resolver<TValues> = async (values, context, options) => (await load())(values, context, options);
  return Object.assign(lazy, { preload: () => void load() });
}
