import { createHash } from 'node:crypto';

/**
 * The digests some tables keep instead of an e-mail address (rate limits and counters never hold the address itself).
 * They are not secrets — anyone who knows the address can compute them — so they are still personal data: the
 * personal-data engine (personal-data/) finds and erases a person's rows by them. One place, so the tables' writers
 * and the engine can never disagree on how an address is digested.
 */

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/**
 * The community acknowledgements' per-address key: the lower-cased address without its `+tag` (victim+1@, victim+2@…
 * reach one mailbox). `community.acknowledgement_counts.address_hash`.
 */
export function addressKey(address: string): string {
  const [local = '', domain = ''] = address.trim().toLowerCase().split('@');
  const mailbox = local.split('+')[0] || local;
  return sha256(`${mailbox}@${domain}`);
}

/**
 * The inbox an address reaches, for the newsletter's per-address limit: `+tags` dropped (addressKey), and for Gmail the
 * dots and googlemail.com too (v.ictima@gmail.com and victima@googlemail.com are one inbox).
 * `community.newsletter_confirmation_log.address_hash`.
 */
export function inboxKey(email: string): string {
  const [local = '', domain = ''] = email.trim().toLowerCase().split('@');
  const gmail = domain === 'gmail.com' || domain === 'googlemail.com';
  return addressKey(gmail ? `${(local.split('+')[0] || local).replace(/\./g, '')}@gmail.com` : email);
}

/** The data requests' address digest: `account.data_request_codes.email_key` and `account.data_request_exports.email_key`. */
export const dataRequestEmailKey = (email: string): string => sha256(`data-request-email:${email.trim().toLowerCase()}`);
