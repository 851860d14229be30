import { describe, expect, it } from '@jest/globals';
import type { OutgoingMail } from '../mailer';
import { createTestStaffDirectory } from '../staff-testing';
import { NEW_CASE_NOTICES_PER_HOUR, tellRoleOfNewCase, type NewCase, type NewCaseContext } from './notices';

// A flood of public filings must not become a flood in the team's mailboxes (an attacker's review of #28 filed 25
// PQRSF in a minute and each member got 20 notices): the notices of a kind are capped per hour, and the next notice
// after the cap says how many cases arrived without one.

const staff = createTestStaffDirectory();
staff.seat({ username: 'atencion@fundacion.org', roles: ['atencion'] });

const contextWith = (sent: OutgoingMail[], perHour?: number): NewCaseContext =>
  ({
    mailer: { send: async (m: OutgoingMail) => void sent.push(m) },
    staff,
    settings: { publicOrigin: 'https://fundacion.example', ...(perHour ? { newCaseNoticesPerHour: perHour } : {}) },
  }) as unknown as NewCaseContext; // only the mailer's send, the directory and the origin are read

const newCase = (n: number): NewCase => ({
  team: { role: 'atencion', accepts: () => true, label: 'pqrsf' },
  subject: `Nueva PQRSF R-${n} (Queja)`,
  intro: 'Llegó una PQRSF nueva.',
  type: 'Queja',
  radicado: `R-${n}`,
  filedAt: new Date('2026-11-27T15:00:00Z'),
  dueDate: '2026-12-18',
  termDays: 15,
  action: { label: 'Abrir la PQRSF', path: `/equipo/pqrsf/R-${n}` },
});

describe('new-case notices under a flood of filings', () => {
  it(`sends at most ${NEW_CASE_NOTICES_PER_HOUR} of a kind per hour, then tells how many arrived without one`, async () => {
    const sent: OutgoingMail[] = [];
    const ctx = contextWith(sent);
    let clock = Date.parse('2026-11-27T15:00:00Z');
    const now = () => clock;
    for (let n = 1; n <= NEW_CASE_NOTICES_PER_HOUR + 5; n++) await tellRoleOfNewCase(ctx, newCase(n), undefined, 2_000, now);
    expect(sent).toHaveLength(NEW_CASE_NOTICES_PER_HOUR);
    expect(sent.every((m) => m.to === 'atencion@fundacion.org')).toBe(true);

    // An hour later the window is free again; the notice names the five that came without one.
    clock += 3_600_000;
    await tellRoleOfNewCase(ctx, newCase(99), undefined, 2_000, now);
    expect(sent).toHaveLength(NEW_CASE_NOTICES_PER_HOUR + 1);
    expect(sent.at(-1)?.text).toContain('llegaron 5 casos de este tipo sin aviso por correo');
    await tellRoleOfNewCase(ctx, newCase(100), undefined, 2_000, now);
    expect(sent.at(-1)?.text).not.toContain('sin aviso por correo');
  });

  it('takes another cap from the settings (CASE_NOTICES_PER_HOUR: a busier foundation, or the browser tests)', async () => {
    const sent: OutgoingMail[] = [];
    const ctx = contextWith(sent, NEW_CASE_NOTICES_PER_HOUR + 3);
    const now = () => Date.parse('2026-11-27T15:00:00Z');
    for (let n = 1; n <= NEW_CASE_NOTICES_PER_HOUR + 5; n++) await tellRoleOfNewCase(ctx, newCase(n), undefined, 2_000, now);
    expect(sent).toHaveLength(NEW_CASE_NOTICES_PER_HOUR + 3);
  });
});
