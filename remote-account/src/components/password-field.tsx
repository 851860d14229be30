import { useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { TextField, type TextFieldProps } from 'shared/ui/form';

/**
 * A password field with a show/hide toggle, so a person on a phone can check what they typed. The register()
 * props (ref included, React 19 passes it as a prop) go straight to the input. `toggle={false}` for a second field
 * (the confirmation), so a page has one "Mostrar contraseña" button.
 */
export function PasswordField({ toggle = true, ...props }: Omit<TextFieldProps, 'type'> & { toggle?: boolean }) {
  const [visible, setVisible] = useState(false);
  if (!toggle) return <TextField {...props} type="password" />;
  return (
    <div className="password-field">
      <TextField {...props} type={visible ? 'text' : 'password'} />
      <button type="button" className="link-button password-toggle" aria-pressed={visible} onClick={() => setVisible((v) => !v)}>
        Mostrar contraseña
      </button>
    </div>
  );
}

/** A field's registration with its current message, as the kit's `fieldsOf` gives it. */
type FieldBinding = UseFormRegisterReturn & { error?: string | undefined };

/**
 * A new password and its confirmation (temporary-password challenge and password reset): the rule is shown as a hint
 * on the first, and only the first has the show/hide toggle.
 */
export function NewPasswordFields({ password, confirm }: { password: FieldBinding; confirm: FieldBinding }) {
  return (
    <>
      <PasswordField
        label="Nueva contraseña"
        autoComplete="new-password"
        required
        hint="Mínimo 8 caracteres, con al menos una minúscula, una mayúscula y un número."
        {...password}
      />
      <PasswordField toggle={false} label="Confirma la nueva contraseña" autoComplete="new-password" required {...confirm} />
    </>
  );
}
