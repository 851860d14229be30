/**
 * The key URI authenticator apps read from a QR code (Google's "Key Uri Format"): the issuer names the account in the
 * app's list, before the e-mail, and again as a parameter for apps that read only that.
 */
export function otpauthUri(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`;
  const params = new URLSearchParams({ secret: compactSecret(secret), issuer });
  return `otpauth://totp/${label}?${params.toString().replace(/\+/g, '%20')}`;
}

/** The secret without spaces or padding, in capitals (base32), as apps expect it. */
export function compactSecret(secret: string): string {
  return secret.replace(/[\s=]+/g, '').toUpperCase();
}

/** The secret in groups of 4 characters, for typing it by hand into the app. */
export function secretGroups(secret: string): string[] {
  return compactSecret(secret).match(/.{1,4}/g) ?? [];
}
