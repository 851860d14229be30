/**
 * Account management on the Cognito user pool: registering (the attributes a new account carries), confirming it with
 * the e-mailed code or sending the code again, and resetting a forgotten password.
 */
import { CognitoUserAttribute, type ICognitoUserAttributeData } from 'amazon-cognito-identity-js';
import { identityMessages } from './errors';
import { normalisePhone } from './phone';
import { failure, unavailable, userFor, userPool, type AuthResult } from './cognito-pool';

export interface SignUpData {
  name: string;
  email: string;
  password: string;
  phone: string;
  identityType: string;
  identityNumber: string;
}

/** Attributes a new account carries; the phone goes in E.164 with +57 when typed without a prefix. */
export function signUpAttributes(data: SignUpData): ICognitoUserAttributeData[] {
  const list: ICognitoUserAttributeData[] = [
    { Name: 'email', Value: data.email.trim().toLowerCase() },
    { Name: 'name', Value: data.name.trim() },
    { Name: 'custom:identity_type', Value: data.identityType },
    { Name: 'custom:identity_number', Value: data.identityNumber.trim() },
  ];
  const phone = normalisePhone(data.phone);
  if (phone) list.push({ Name: 'phone_number', Value: phone });
  return list;
}

/** Registers an account; the provider then e-mails a 6-digit code unless the pool confirms on its own. */
export async function signUp(data: SignUpData): Promise<AuthResult> {
  if (!data.name.trim() || !data.email.trim() || !data.password) return { success: false, error: identityMessages.allRequired };
  if (data.password.length < 8) return { success: false, error: identityMessages.weakPassword };
  const found = await userPool();
  if (!found) return unavailable;
  const attributes = signUpAttributes(data).map((a) => new CognitoUserAttribute(a));
  return new Promise((resolve) => {
    found.pool.signUp(data.email.trim().toLowerCase(), data.password, attributes, [], (err, result) => {
      if (err || !result) resolve(failure(err, 'signUp'));
      else resolve({ success: true, needsConfirmation: !result.userConfirmed });
    });
  });
}

/** Confirms a sign-up with the e-mailed code. `operation` picks the screen's default message. */
export async function confirmSignUp(email: string, code: string, operation: 'confirm' | 'confirmEmail' = 'confirm'): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).confirmRegistration(code.trim(), true, (err: unknown) => {
      resolve(err ? failure(err, operation) : { success: true });
    });
  });
}

/** Sends the confirmation code again (the local emulator answers through the gateway's bridge). */
export async function resendConfirmationCode(email: string): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).resendConfirmationCode((err) => {
      resolve(err ? failure(err, 'resend') : { success: true });
    });
  });
}

/** Starts a password reset: the provider e-mails a code. */
export async function forgotPassword(email: string): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).forgotPassword({
      onSuccess: () => resolve({ success: true }),
      inputVerificationCode: () => resolve({ success: true }),
      onFailure: (err) => resolve(failure(err, 'forgot')),
    });
  });
}

/** Finishes a password reset with the e-mailed code and the new password. */
export async function confirmForgotPassword(email: string, code: string, newPassword: string): Promise<AuthResult> {
  const found = await userPool();
  if (!found) return unavailable;
  return new Promise((resolve) => {
    userFor(found.pool, email).confirmPassword(code.trim(), newPassword, {
      onSuccess: () => resolve({ success: true }),
      onFailure: (err) => resolve(failure(err, 'reset')),
    });
  });
}
