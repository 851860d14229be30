import { describe, expect, it } from '@jest/globals';
import { acknowledgementTexts } from '../../forms/server/texts';
import { caseMailTexts, extensionMail, responseMail, transferMail } from './staff-mail';

// #32's audit: the PQRSF answer e-mail must not end "Si no enviaste esta solicitud, puedes ignorar este correo". Only
// the filing's acknowledgement, sent to an address nobody verified, may say so; every mail about a filed case says
// where to go next instead.

const origin = 'https://fundacion.example.org';
const radicado = '4815162342000001';
const at = new Date('2026-03-05T16:00:00Z');
const ignore = /ignor/i;

describe('the PQRSF case e-mails', () => {
  it('never tell the person to ignore them: the answer, an extension and a transfer end with the way to follow up', () => {
    const mails = {
      response: responseMail(origin, {
        to: 'luisa@example.com',
        radicado,
        text: 'Adjuntamos el certificado.',
        at,
        attachments: [{ name: 'certificado.pdf', url: `${origin}/api/community/pqrsf/adjuntos/${'A'.repeat(43)}` }],
      }),
      extension: extensionMail(origin, {
        to: 'luisa@example.com',
        radicado,
        reason: 'Revisamos el archivo.',
        dueDate: '2026-04-10',
        previousDueDate: '2026-03-24',
      }),
      transfer: transferMail(origin, { to: 'luisa@example.com', radicado, entity: 'Ministerio de Educación', at }),
    };
    for (const [name, mail] of Object.entries(mails)) {
      expect([name, ignore.test(mail.text) || ignore.test(mail.html)]).toEqual([name, false]);
      expect([name, mail.text.includes(acknowledgementTexts.notYou)]).toEqual([name, false]);
      expect([name, mail.text.includes(caseMailTexts.followUp)]).toEqual([name, true]);
    }
  });
});
