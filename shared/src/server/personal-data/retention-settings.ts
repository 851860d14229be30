/**
 * How long each kind of record keeps its personal data (#15; Ley 1581 de 2012 art. 4, and Decreto 1377 de 2013 art. 11,
 * compiled in Decreto 1074 de 2015: data are kept only as long as their purpose, or a legal duty, requires). Read from the environment by
 * server-config.ts; docs/personal-data.md explains each value and why. Every value is a whole number ≥ 1.
 */
export interface RetentionSettings {
  /** Enrolments never paid: deleted this many months after they were filled in (RETENTION_UNPAID_ENROLMENTS_MONTHS). */
  unpaidEnrolmentsMonths: number;
  /** Donations never paid: deleted this many months after the form (RETENTION_UNPAID_DONATIONS_MONTHS). */
  unpaidDonationsMonths: number;
  /**
   * Paid enrolments and donations keep amount, dates, references, name and document as accounting and tax support;
   * this many years after the payment even the name and document go (RETENTION_PAYMENT_RECORDS_YEARS).
   */
  paymentRecordsYears: number;
  /** Volunteer, ally, workshop and software forms: deleted this many months after they arrived (RETENTION_COMMUNITY_FORMS_MONTHS). */
  communityFormsMonths: number;
  /** PQRSF already answered, transferred or closed: anonymised this many months after that (RETENTION_PQRSF_MONTHS). */
  pqrsfMonths: number;
  /** Newsletter subscriptions cancelled this many months ago: deleted (RETENTION_NEWSLETTER_UNSUBSCRIBED_MONTHS). */
  newsletterUnsubscribedMonths: number;
  /** Newsletter subscriptions never confirmed, this many days after the last request: deleted (RETENTION_NEWSLETTER_UNCONFIRMED_DAYS). */
  newsletterUnconfirmedDays: number;
  /** Sent (or undeliverable) e-mails: deleted from the outbox this many days after they were queued (RETENTION_SENT_MAIL_DAYS). */
  sentMailDays: number;
  /** Codes that proved an address for a data request: deleted this many days after they were sent (RETENTION_DATA_REQUEST_CODES_DAYS). */
  dataRequestCodesDays: number;
  /** Anti-abuse counters keyed by digests of addresses and IPs: deleted this many days later (RETENTION_RATE_LIMIT_DAYS). */
  rateLimitDays: number;
}

export const defaultRetention: RetentionSettings = {
  unpaidEnrolmentsMonths: 12,
  unpaidDonationsMonths: 12,
  paymentRecordsYears: 10,
  communityFormsMonths: 24,
  pqrsfMonths: 24,
  newsletterUnsubscribedMonths: 6,
  newsletterUnconfirmedDays: 30,
  sentMailDays: 90,
  dataRequestCodesDays: 1,
  rateLimitDays: 2,
};

/** Each setting's environment variable. */
export const retentionEnv: Record<keyof RetentionSettings, string> = {
  unpaidEnrolmentsMonths: 'RETENTION_UNPAID_ENROLMENTS_MONTHS',
  unpaidDonationsMonths: 'RETENTION_UNPAID_DONATIONS_MONTHS',
  paymentRecordsYears: 'RETENTION_PAYMENT_RECORDS_YEARS',
  communityFormsMonths: 'RETENTION_COMMUNITY_FORMS_MONTHS',
  pqrsfMonths: 'RETENTION_PQRSF_MONTHS',
  newsletterUnsubscribedMonths: 'RETENTION_NEWSLETTER_UNSUBSCRIBED_MONTHS',
  newsletterUnconfirmedDays: 'RETENTION_NEWSLETTER_UNCONFIRMED_DAYS',
  sentMailDays: 'RETENTION_SENT_MAIL_DAYS',
  dataRequestCodesDays: 'RETENTION_DATA_REQUEST_CODES_DAYS',
  rateLimitDays: 'RETENTION_RATE_LIMIT_DAYS',
};

/**
 * The settings from the environment: each variable a whole number ≥ 1, or its default. Anything else stops the start
 * with a Spanish message naming the variable — a typo must not silently keep data for the default, or for nothing.
 */
export function readRetentionSettings(env: NodeJS.ProcessEnv): RetentionSettings {
  const settings = { ...defaultRetention };
  for (const key of Object.keys(retentionEnv) as Array<keyof RetentionSettings>) {
    const raw = env[retentionEnv[key]]?.trim();
    if (!raw) continue;
    if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1)
      throw new Error(`${retentionEnv[key]} no es válido ("${raw}"): escribe un número entero mayor o igual a 1.`);
    settings[key] = Number(raw);
  }
  return settings;
}
