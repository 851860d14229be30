// zod/mini: the functional API (`z.optional(x)`, `.check(z.minLength(1))`), whose unused parts a bundler drops. Classic
// zod gives every schema instance dozens of methods and cannot be tree-shaken (~24 KB brotli on a form page).
import * as z from 'zod/mini';

// Spanish defaults for any message a schema does not set itself (the site speaks Spanish everywhere).
z.config(z.locales.es());
// In the browser zod must not probe for eval (`Function("")`): the site's CSP forbids it, and the refused probe is
// reported as a CSP violation on every form page. zod/mini's objects never compile a parser (classic zod's did, on the
// server too); the setting keeps any compiled path of zod's core, and its probe, off in the browser.
if (typeof document !== 'undefined') z.config({ jitless: true });

export { z };

/**
 * An x@y.z e-mail shape (spec §5), limited to what a mailbox address is made of: no quotes, angle brackets, commas,
 * parentheses or spaces, which a mailer would read as a display name or a list of recipients (an attacker's text
 * in the "To:" line, or a second victim).
 */
export const basicEmailPattern =
  /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?)*\.[A-Za-z]{2,}$/;

/** Maps a failed parse to `{ field: first message }` for forms and API errors. */
export function fieldErrors(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? issue.path.map(String).join('.') : '_';
    if (!(key in out)) out[key] = issue.message;
  }
  return out;
}
