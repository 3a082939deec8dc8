import { useState, type BaseSyntheticEvent, type RefObject } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldPath,
  type FieldValues,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
// Types only: zod itself stays out of the chunks that import this (the login landing, decision 0008).
import type { z } from 'zod';
import { useServerErrors } from './form-errors.ts';
import { useFocusFirstError } from './focus-first-error.ts';

/** A zod schema whose input and output are both records of fields. */
export type FormSchema = z.ZodType<FieldValues, FieldValues>;

export interface SchemaFormOptions<TIn extends FieldValues, TOut extends FieldValues> {
  defaultValues?: DefaultValues<TIn>;
  /** The form-level alert's title when the server refuses, in the screen's own words. */
  title?: string;
  /** Another resolver than zod's on the schema (e.g. `lazyZodResolver`); then `fields` names the fields. */
  resolver?: Resolver<TIn, unknown, TOut>;
  /**
   * The fields that show their own server messages; any other key the server names goes to the
   * form-level alert. By default the schema's keys; give them when the form shows errors for
   * only some keys, or for nested paths (`address.city`). Read once.
   */
  fields?: readonly FieldPath<TIn>[];
  /**
   * `true` (the default): after a submit the keyboard goes to the first field in error as the
   * form shows them, or to the form's alert (put `formRef` on the <form>). `false`: React Hook
   * Form focuses the first field in error as they registered, and `formRef` is not needed.
   */
  focusFirstError?: boolean;
}

export interface SchemaForm<TIn extends FieldValues, TOut extends FieldValues> {
  form: UseFormReturn<TIn, unknown, TOut>;
  /** Goes on the <form> (see `focusFirstError`). */
  formRef: RefObject<HTMLFormElement | null>;
  /** The form-level server error (`server.formError` for `FormAlert`), and `run`/`apply`/`reset`. */
  server: ReturnType<typeof useServerErrors<TIn>>;
  errors: UseFormReturn<TIn, unknown, TOut>['formState']['errors'];
  isSubmitting: boolean;
  /** The <form>'s onSubmit: validates, then runs `handler` with the server's errors caught and shown. */
  submit: (
    handler: (values: TOut, event?: BaseSyntheticEvent) => unknown,
  ) => (event?: BaseSyntheticEvent) => Promise<void>;
}

interface SchemaNode {
  _zod: { def: { type: string; shape?: Record<string, unknown>; in?: SchemaNode } };
}

/**
 * The keys of a zod object: refinements keep the object (zod 4); a pipe (`.transform`, `.pipe`)
 * validates its `in` schema first, so its keys are those.
 */
export function schemaFieldNames(schema: FormSchema): string[] {
  let node: SchemaNode | undefined = schema as unknown as SchemaNode;
  while (node) {
    const def: SchemaNode['_zod']['def'] = node._zod.def;
    if (def.type === 'object' && def.shape) return Object.keys(def.shape);
    node = def.type === 'pipe' ? def.in : undefined;
  }
  throw new Error('useSchemaForm: the schema is not an object; name its fields with `fields`');
}

/**
 * One form's set-up: React Hook Form validating with the schema (the form's values are its input,
 * the submitted values its output), the server's field and form-level errors (spec §5), and the
 * focus after a submit (decision 0034).
 */
export function useSchemaForm<S extends FormSchema>(
  schema: S,
  options?: SchemaFormOptions<z.input<S>, z.output<S>>,
): SchemaForm<z.input<S>, z.output<S>>;
/**
 * No schema at hand: a resolver of its own (the login landing loads zod lazily, decision 0008) or
 * none (the fields' own `register` rules); `fields` names the fields.
 */
export function useSchemaForm<TIn extends FieldValues, TOut extends FieldValues = TIn>(
  schema: null,
  options: SchemaFormOptions<TIn, TOut> & { fields: readonly FieldPath<TIn>[] },
): SchemaForm<TIn, TOut>;
export function useSchemaForm<TIn extends FieldValues, TOut extends FieldValues>(
  schema: FormSchema | null,
  options: SchemaFormOptions<TIn, TOut> = {},
): SchemaForm<TIn, TOut> {
  const { defaultValues, title, focusFirstError = true } = options;
  const [resolver] = useState(() =>
    options.resolver || !schema ? options.resolver : (zodResolver(schema) as unknown as Resolver<TIn, unknown, TOut>),
  );
  const [fields] = useState(() => options.fields ?? (schema ? (schemaFieldNames(schema) as FieldPath<TIn>[]) : []));
  const form = useForm<TIn, unknown, TOut>({ shouldFocusError: !focusFirstError, resolver, defaultValues });
  const formRef = useFocusFirstError(form);
  const server = useServerErrors(form, fields, { title });
  const { errors, isSubmitting } = form.formState;
  const submit: SchemaForm<TIn, TOut>['submit'] = (handler) =>
    form.handleSubmit((values, event) => server.run(async () => handler(values, event)));
  return { form, formRef, server, errors, isSubmitting, submit };
}
