/** Where a visitor signs in with `email` already written: after confirming an account, only the password is left. */
export const loginPathFor = (email: string) => `/login?email=${encodeURIComponent(email.trim())}`;

/** The address `/login?email=…` carries, when it reads as one; anything else leaves the field empty. */
export function emailFromQuery(params: URLSearchParams): string {
  const email = (params.get('email') ?? '').trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : '';
}
