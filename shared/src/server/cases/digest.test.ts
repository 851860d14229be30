import { describe, expect, it } from '@jest/globals';
import { caseDigestMail, type CaseDigestLine, type CaseDigestWords } from './digest';

type Line = CaseDigestLine<{ kind: string }>;
const words: CaseDigestWords<Line> = {
  subject: (overdue, soon) => `Casos: ${overdue} vencidos y ${soon} por vencer`,
  intro: (today) => `Resumen del ${today}.`,
  line: (l, when) => `• ${l.radicado} · ${l.kind} · ${when}`,
  action: { label: 'Abrir la bandeja', path: '/equipo/casos' },
};

describe('the case kit digest e-mail', () => {
  it('lists overdue and due-soon cases with their business days, holidays skipped', () => {
    const mail = caseDigestMail(
      'https://fundacion.example',
      'equipo@fundacion.org',
      {
        // Wednesday 16 April 2025, before Holy Thursday and Good Friday.
        today: '2025-04-16',
        overdue: [{ radicado: 'A-1', kind: 'x', status: 'Abierta', dueDate: '2025-04-14' }],
        dueSoon: [
          { radicado: 'A-2', kind: 'y', status: 'Abierta', dueDate: '2025-04-16' },
          { radicado: 'A-3', kind: 'y', status: 'Abierta', dueDate: '2025-04-21' },
        ],
        overdueCount: 1,
        dueSoonCount: 2,
      },
      words,
    );
    expect(mail.to).toBe('equipo@fundacion.org');
    expect(mail.subject).toContain('Casos: 1 vencidos y 2 por vencer');
    expect(mail.text).toContain('Resumen del 16 de abril de 2025.');
    expect(mail.text).toContain('Vencidas (1):');
    expect(mail.text).toContain('• A-1 · x · venció el 14 de abril de 2025 (hace 2 días hábiles)');
    expect(mail.text).toContain('Vencen en 3 días hábiles o menos (2):');
    expect(mail.text).toContain('• A-2 · y · vence hoy, 16 de abril de 2025');
    // Thursday 17 and Friday 18 are holidays: Monday 21 is one business day away.
    expect(mail.text).toContain('• A-3 · y · vence el 21 de abril de 2025 (en 1 día hábil)');
    expect(mail.text).toContain('https://fundacion.example/equipo/casos');
    expect(mail.text).not.toContain('más en el panel');
  });

  it('counts what it does not list, and leaves out an empty section', () => {
    const mail = caseDigestMail(
      'https://fundacion.example',
      'equipo@fundacion.org',
      {
        today: '2025-06-10',
        overdue: [{ radicado: 'B-1', kind: 'x', status: 'Abierta', dueDate: '2025-06-09' }],
        dueSoon: [],
        overdueCount: 101,
        dueSoonCount: 0,
      },
      words,
    );
    expect(mail.text).toContain('Vencidas (101):');
    expect(mail.text).toContain('…y 100 más en el panel.');
    expect(mail.text).not.toContain('Vencen en 3 días hábiles o menos');
  });
});
