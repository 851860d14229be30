/** Operations of the identity wrapper; each has its own default message (spec §8). */
export type IdentityOperation = 'signUp' | 'confirm' | 'confirmEmail' | 'resend' | 'login' | 'newPassword' | 'forgot' | 'reset' | 'session';

/** Spanish messages the account screens show (spec §8, plus clear texts for the provider's known errors). */
export const identityMessages = {
  loginDefault: 'Error al iniciar sesión',
  signUpDefault: 'Error al registrarse',
  confirmInvalidCode: 'Código de confirmación inválido',
  confirmDefault: 'Error al confirmar la cuenta. Inténtalo de nuevo.',
  confirmEmailDefault: 'Error al confirmar email',
  resendDefault: 'Error al reenviar código',
  resendOk: 'Código reenviado exitosamente',
  noUser: 'No hay usuario autenticado',
  sessionExpired: 'Sesión expirada',
  temporaryPassword: 'Necesitas cambiar tu contraseña temporal',
  allRequired: 'Todos los campos son requeridos',
  wrongCredentials: 'Correo o contraseña incorrectos. Revísalos e inténtalo de nuevo.',
  notConfirmed: 'Tu cuenta aún no está confirmada. Ingresa el código que enviamos a tu correo para activarla.',
  emailTaken: 'Ya existe una cuenta con este correo. Ingresa o recupera tu contraseña.',
  expiredCode: 'El código expiró. Pide uno nuevo con «Reenviar código».',
  alreadyConfirmed: 'Esta cuenta ya está confirmada. Ya puedes iniciar sesión.',
  tooManyAttempts: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.',
  weakPassword: 'La contraseña debe contener al menos: una minúscula, una mayúscula y un número',
  network: 'Error de conexión. Por favor intenta nuevamente.',
  newPasswordDefault: 'No pudimos cambiar tu contraseña. Inténtalo de nuevo.',
  forgotDefault: 'No pudimos enviar el código de recuperación. Inténtalo de nuevo.',
  resetDefault: 'No pudimos cambiar tu contraseña. Inténtalo de nuevo.',
  userNotFoundReset: 'No encontramos una cuenta con ese correo.',
  unavailable: 'El servicio de cuentas no está disponible en este momento. Inténtalo más tarde.',
} as const;

const defaults: Record<IdentityOperation, string> = {
  signUp: identityMessages.signUpDefault,
  confirm: identityMessages.confirmDefault,
  confirmEmail: identityMessages.confirmEmailDefault,
  resend: identityMessages.resendDefault,
  login: identityMessages.loginDefault,
  newPassword: identityMessages.newPasswordDefault,
  forgot: identityMessages.forgotDefault,
  reset: identityMessages.resetDefault,
  session: identityMessages.sessionExpired,
};

/** The provider's error code: the library puts it in `code` (from the response's `__type`), or `name`. */
export function errorCode(error: unknown): string {
  if (error && typeof error === 'object') {
    const e = error as { code?: unknown; name?: unknown; __type?: unknown };
    for (const value of [e.code, e.__type, e.name]) {
      if (typeof value === 'string' && value && value !== 'Error') return value.split('#').pop() ?? value;
    }
  }
  return 'Unknown';
}

/** True for a wrong password: NotAuthorizedException from Cognito, InvalidPasswordException from the emulator. */
export function isWrongPassword(code: string, operation: IdentityOperation): boolean {
  return operation === 'login' && (code === 'NotAuthorizedException' || code === 'InvalidPasswordException');
}

/**
 * Maps a provider error to the message a visitor reads. Unknown errors get the operation's default (never the
 * provider's English text). Unknown users at login read like a wrong password, so accounts cannot be probed.
 */
export function messageFor(error: unknown, operation: IdentityOperation): string {
  const code = errorCode(error);
  if (isWrongPassword(code, operation)) return identityMessages.wrongCredentials;
  switch (code) {
    case 'NetworkError':
      return identityMessages.network;
    case 'TooManyRequestsException':
    case 'LimitExceededException':
    case 'TooManyFailedAttemptsException':
      return identityMessages.tooManyAttempts;
    case 'UserNotFoundException':
      if (operation === 'login') return identityMessages.wrongCredentials;
      if (operation === 'forgot' || operation === 'reset') return identityMessages.userNotFoundReset;
      return defaults[operation];
    case 'UserNotConfirmedException':
      return identityMessages.notConfirmed;
    case 'UsernameExistsException':
    case 'AliasExistsException':
      return identityMessages.emailTaken;
    case 'CodeMismatchException':
      return identityMessages.confirmInvalidCode;
    case 'ExpiredCodeException':
      return identityMessages.expiredCode;
    case 'InvalidPasswordException':
      // Outside login it means the pool's password policy refused the new password.
      return identityMessages.weakPassword;
    case 'NotAuthorizedException':
      if (operation === 'confirm' || operation === 'confirmEmail') return identityMessages.alreadyConfirmed;
      if (operation === 'session') return identityMessages.sessionExpired;
      return defaults[operation];
    default:
      return defaults[operation];
  }
}
