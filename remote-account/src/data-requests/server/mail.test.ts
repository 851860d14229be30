import { describe, expect, it } from '@jest/globals';
import { site } from 'shared/foundation/site';
import { codeMail, completionMail, dataMailTexts as t, extensionMail, filedMail, responseMail, withdrawnMail } from './mail';

// #32's audit: "puedes ignorar este correo" belongs only where nothing was filed yet. The code goes to an address
// someone typed, so a stranger may get it and can ignore it; every later mail follows a filed request that goes on by
// law, and an answer that ends "ignore this" contradicts itself.

const radicado = 'DP-2026-000123';
const at = new Date('2026-03-02T15:00:00Z');
const ignore = /ignor/i;

describe('the data-subject request e-mails', () => {
  it('tells whoever did not ask to ignore the code, which files nothing', () => {
    const mail = codeMail('luisa@example.com', '123456', 15, { url: 'https://example.org/datos-personales?token=x', hours: 24 });
    expect(mail.text).toContain(t.notYou);
  });

  it('never tells the person to ignore a filed request, its answer or any step of it', () => {
    const mails = {
      filed: filedMail({ to: 'luisa@example.com', radicado, kind: 'supresion', at, dueDate: '2026-03-16', termDays: 10 }),
      response: responseMail({ to: 'luisa@example.com', radicado, text: 'Suprimimos tus datos.', at, erased: true }),
      extension: extensionMail({
        to: 'luisa@example.com',
        radicado,
        reason: 'Revisamos archivos.',
        dueDate: '2026-03-30',
        previousDueDate: '2026-03-16',
      }),
      completion: completionMail({ to: 'luisa@example.com', radicado, message: 'Falta el dato a corregir.', withdrawFrom: '2026-05-02' }),
      withdrawn: withdrawnMail({ to: 'luisa@example.com', radicado, at }),
    };
    for (const [name, mail] of Object.entries(mails)) {
      expect([name, ignore.test(mail.text) || ignore.test(mail.html)]).toEqual([name, false]);
      expect([name, mail.text.includes(t.notYou)]).toEqual([name, false]);
    }
    // A request filed in someone's name (an erasure!) is reported, not ignored.
    expect(mails.filed.text).toContain(t.notYouFiled(site.legal.dataProtectionEmail));
  });
});
