import { describe, expect, it } from '@jest/globals';
import { signUpAttributes } from './cognito-account';
import { userFromAttributes } from './cognito-pool';
import { errorCode, identityMessages as m, messageFor } from './errors';
import { normalisePhone } from './phone';
import { clockDriftOf, isSessionValid } from './session-validity';

const providerError = (code: string, message = 'provider text') => Object.assign(new Error(message), { code, name: code });

describe('phone normalisation (spec §5: +57 when no "+")', () => {
  it('prefixes +57 to a number typed without a prefix and drops separators', () => {
    expect(normalisePhone('300 123 4567')).toBe('+573001234567');
    expect(normalisePhone('(300) 123-45.67')).toBe('+573001234567');
  });
  it('keeps a number that already has a prefix', () => {
    expect(normalisePhone('+1 (415) 555-0100')).toBe('+14155550100');
    expect(normalisePhone(' +573001234567 ')).toBe('+573001234567');
  });
  it('leaves an empty phone empty', () => {
    expect(normalisePhone('  ')).toBe('');
  });
});

describe('provider errors → Spanish messages (spec §8)', () => {
  it('reads the code the library sets, or the response type', () => {
    expect(errorCode(providerError('CodeMismatchException'))).toBe('CodeMismatchException');
    expect(errorCode({ __type: 'com.amazonaws#UserNotFoundException' })).toBe('UserNotFoundException');
    expect(errorCode(new Error('x'))).toBe('Unknown');
    expect(errorCode(null)).toBe('Unknown');
  });

  it('a wrong password reads the same from Cognito (NotAuthorized) and the emulator (InvalidPassword)', () => {
    expect(messageFor(providerError('NotAuthorizedException'), 'login')).toBe(m.wrongCredentials);
    expect(messageFor(providerError('InvalidPasswordException'), 'login')).toBe(m.wrongCredentials);
    // An unknown e-mail looks the same, so accounts cannot be probed.
    expect(messageFor(providerError('UserNotFoundException'), 'login')).toBe(m.wrongCredentials);
  });

  it('an unconfirmed account is told so; unknown failures get the default of each operation', () => {
    expect(messageFor(providerError('UserNotConfirmedException'), 'login')).toBe(m.notConfirmed);
    expect(messageFor(providerError('InternalErrorException'), 'login')).toBe('Error al iniciar sesión');
    expect(messageFor(providerError('InternalErrorException'), 'signUp')).toBe('Error al registrarse');
    expect(messageFor(providerError('InternalErrorException'), 'confirm')).toBe('Error al confirmar la cuenta. Inténtalo de nuevo.');
    expect(messageFor(providerError('InternalErrorException'), 'confirmEmail')).toBe('Error al confirmar email');
    expect(messageFor(providerError('InternalErrorException'), 'resend')).toBe('Error al reenviar código');
  });

  it('confirmation codes: wrong, expired, or an account already confirmed', () => {
    expect(messageFor(providerError('CodeMismatchException'), 'confirm')).toBe('Código de confirmación inválido');
    expect(messageFor(providerError('CodeMismatchException'), 'confirmEmail')).toBe('Código de confirmación inválido');
    expect(messageFor(providerError('ExpiredCodeException'), 'confirmEmail')).toBe(m.expiredCode);
    expect(messageFor(providerError('NotAuthorizedException'), 'confirmEmail')).toBe(m.alreadyConfirmed);
  });

  it('sign-up: a taken e-mail, a refused password, throttling and network trouble', () => {
    expect(messageFor(providerError('UsernameExistsException'), 'signUp')).toBe(m.emailTaken);
    expect(messageFor(providerError('InvalidPasswordException'), 'signUp')).toBe(m.weakPassword);
    expect(messageFor(providerError('LimitExceededException'), 'resend')).toBe(m.tooManyAttempts);
    expect(messageFor(providerError('NetworkError'), 'login')).toBe(m.network);
  });

  it('never shows the provider’s English text', () => {
    expect(messageFor(providerError('SomethingNew', 'Internal server error'), 'forgot')).toBe(m.forgotDefault);
    expect(messageFor(providerError('NotAuthorizedException', 'Refresh Token has been revoked'), 'session')).toBe('Sesión expirada');
  });
});

describe('session validity (spec §4)', () => {
  const now = Date.UTC(2026, 10, 21, 12, 0, 0);
  const s = Math.floor(now / 1000);

  it('is valid while the adjusted time is before both expiries', () => {
    expect(isSessionValid({ accessExp: s + 600, idExp: s + 600, clockDrift: 0 }, now)).toBe(true);
    expect(isSessionValid({ accessExp: s + 600, idExp: s - 1, clockDrift: 0 }, now)).toBe(false);
    expect(isSessionValid({ accessExp: s, idExp: s + 600, clockDrift: 0 }, now)).toBe(false);
  });

  it('corrects for a local clock that runs ahead or behind the provider', () => {
    // Local clock 10 minutes ahead: tokens that expire in 5 provider-minutes are still good.
    expect(isSessionValid({ accessExp: s - 600 + 300, idExp: s - 600 + 300, clockDrift: 600 }, now)).toBe(true);
    // Local clock 10 minutes behind: the same tokens expired 5 provider-minutes ago.
    expect(isSessionValid({ accessExp: s + 600 - 900, idExp: s + 3600, clockDrift: -600 }, now)).toBe(false);
  });

  it('computes the drift from the earliest issue time, as the identity library does', () => {
    expect(clockDriftOf(s - 30, s - 20, now)).toBe(30);
  });
});

describe('attributes', () => {
  it('sends e-mail, name, document and the phone in E.164 on sign-up', () => {
    const attributes = signUpAttributes({
      name: ' Ana María ',
      email: 'Ana@Example.com',
      password: 'x',
      phone: '3001234567',
      identityType: 'Cédula de ciudadanía',
      identityNumber: '1012345678',
    });
    expect(Object.fromEntries(attributes.map((a) => [a.Name, a.Value]))).toEqual({
      email: 'ana@example.com',
      name: 'Ana María',
      phone_number: '+573001234567',
      'custom:identity_type': 'Cédula de ciudadanía',
      'custom:identity_number': '1012345678',
    });
  });

  it('builds the user from the provider attributes, falling back to the ID token claims', () => {
    const user = userFromAttributes(
      [
        { Name: 'name', Value: 'Ana María Pérez' },
        { Name: 'email_verified', Value: 'true' },
        { Name: 'custom:identity_number', Value: '1012345678' },
      ],
      { email: 'ana@example.com', sub: 'abc-123', email_verified: false },
    );
    expect(user).toEqual({
      email: 'ana@example.com',
      name: 'Ana María Pérez',
      phone_number: '',
      sub: 'abc-123',
      email_verified: true,
      identity_number: '1012345678',
    });
  });
});
