import { TextField, type TextFieldProps } from 'shared/ui/form';

/**
 * The authenticator's 6-digit code: a numeric keypad on phones, the one-time-code autofill, and room for the space
 * apps show in the middle ("123 456"), which the schema drops.
 */
export function TotpCodeField(props: Omit<TextFieldProps, 'className' | 'inputMode' | 'autoComplete' | 'maxLength' | 'required'>) {
  return <TextField className="code-input" inputMode="numeric" autoComplete="one-time-code" maxLength={7} required {...props} />;
}
