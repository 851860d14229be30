import { describe, expect, it } from '@jest/globals';
import { createApiContext, readCommonConfig } from '../server-config';
import type { SiteDb } from '../database';
import type { Mailer } from '../mailer';
import { cutoffOf } from './retention';
import { defaultRetention, readRetentionSettings } from './retention-settings';

describe('retention settings', () => {
  it('defaults to the documented times and takes each RETENTION_* variable as a whole number ≥ 1', () => {
    expect(readRetentionSettings({})).toEqual(defaultRetention);
    expect(defaultRetention).toMatchObject({ unpaidEnrolmentsMonths: 12, communityFormsMonths: 24, paymentRecordsYears: 10 });
    expect(
      readRetentionSettings({ RETENTION_SENT_MAIL_DAYS: ' 30 ', RETENTION_PQRSF_MONTHS: '36', RETENTION_UNPAID_ENROLMENTS_MONTHS: '' }),
    ).toEqual({
      ...defaultRetention,
      sentMailDays: 30,
      pqrsfMonths: 36,
    });
  });

  it('stops the start on a value that is not a whole number ≥ 1, naming the variable', () => {
    for (const wrong of ['0', 'doce', '1.5', '-3'])
      expect(() => readRetentionSettings({ RETENTION_COMMUNITY_FORMS_MONTHS: wrong })).toThrow(
        `RETENTION_COMMUNITY_FORMS_MONTHS no es válido ("${wrong}"): escribe un número entero mayor o igual a 1.`,
      );
  });

  it('reaches every API through the server settings', () => {
    const config = readCommonConfig({ RETENTION_NEWSLETTER_UNSUBSCRIBED_MONTHS: '3' }, 'http://127.0.0.1:8080');
    const ctx = createApiContext(config, {} as SiteDb, {} as Mailer);
    expect(ctx.settings.retention?.newsletterUnsubscribedMonths).toBe(3);
  });

  it('counts calendar months and years back from the day of the run', () => {
    const at = new Date('2027-03-31T08:00:00Z');
    expect(cutoffOf(at, 'unpaidEnrolmentsMonths', defaultRetention).toISOString()).toBe('2026-03-31T08:00:00.000Z');
    expect(cutoffOf(at, 'paymentRecordsYears', defaultRetention).toISOString()).toBe('2017-03-31T08:00:00.000Z');
    expect(cutoffOf(at, 'sentMailDays', defaultRetention).toISOString()).toBe('2026-12-31T08:00:00.000Z');
  });
});
