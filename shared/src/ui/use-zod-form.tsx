import { useState } from 'react';
import { set, useForm, type DefaultValues, type FieldError, type FieldValues, type Resolver, type UseFormProps } from 'react-hook-form';
import type { z } from '../schemas/zod';

/**
 * The schema as react-hook-form's resolver: the parsed values, or the first message of each field. Our own dozen
 * lines rather than @hookform/resolvers' zod resolver, which also serves zod 3, unions, async parsing and native
 * validation and cost every form page ~1.5 KB gz of first-load JS; the site's form schemas are synchronous objects.
 */
export function zodResolver<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
): Resolver<z.input<Schema>, unknown, z.output<Schema>> {
  return (values) => {
    const result = schema.safeParse(values);
    if (result.success) return { values: result.data, errors: {} };
    const errors: Record<string, FieldError> = {};
    for (const issue of result.error.issues) {
      const name = issue.path.join('.');
      // The first message of a field is the one the spec asks for (required before format).
      if (!(name in errors)) errors[name] = { type: issue.code, message: issue.message };
    }
    const nested: FieldValues = {};
    for (const [name, error] of Object.entries(errors)) set(nested, name, error);
    return { values: {}, errors: nested };
  };
}

/**
 * react-hook-form driven by one of the shared zod schemas, so the form shows exactly the messages the API
 * answers with. Validation runs on submit, then again on every change of a field that has an error
 * (so editing a field clears its error).
 */
export function useZodForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> & {
    defaultValues?: DefaultValues<z.input<Schema>>;
  } = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver: zodResolver(schema),
  });
}

/**
 * `useZodForm` with a schema the page downloads when the form is first validated (on submit, #33), so a form whose
 * validation is not needed to render keeps it out of its first load. The resolver waits for it; later runs reuse it.
 */
export function useLazyZodForm<Schema extends z.ZodMiniType<FieldValues, FieldValues>>(
  load: () => Promise<Schema>,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> & {
    defaultValues?: DefaultValues<z.input<Schema>>;
  } = {},
) {
  const [resolver] = useState<Resolver<z.input<Schema>, unknown, z.output<Schema>>>(() => {
    let loaded: Promise<Resolver<z.input<Schema>, unknown, z.output<Schema>>> | null = null;
    const lazy: Resolver<z.input<Schema>, unknown, z.output<Schema>> = async (values, context, resolverOptions) => {
      // A failed download (offline) is asked again on the next submit.
      loaded ??= load().then(
        (schema) => zodResolver(schema),
        (error: unknown) => {
          loaded = null;
          throw error;
        },
      );
      return (await loaded)(values, context, resolverOptions);
    };
    return lazy;
  });
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    ...options,
    resolver,
  });
}
