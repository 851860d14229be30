import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type DefaultValues, type FieldValues, type UseFormProps } from 'react-hook-form';
import type { z } from 'zod';

/**
 * react-hook-form driven by one of the shared zod schemas, so the form shows exactly the messages the API
 * answers with. Validation runs on submit, then again on every change of a field that has an error
 * (so editing a field clears its error).
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
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
