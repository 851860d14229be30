import type { Selectable } from 'kysely';
import { formatColombianDateTime } from 'shared/format/dates';
import { formatCOP } from 'shared/format/money';
import type { ApiContext } from 'shared/server/api-contract';
import type { Database } from 'shared/server/database';
import { SECRET, renderMail, type MailDetail } from 'shared/server/mail-template';
import type { OutgoingMail } from 'shared/server/mailer';

type Sale = Pick<Selectable<Database['courses.enrolments']>, 'email' | 'course_title' | 'module_name'>;
type Issued = Pick<Selectable<Database['courses.invoices']>, 'kind' | 'number' | 'cufe' | 'total' | 'issued_at'>;

/** The invoice's rows in an e-mail (the receipt's and its own): number, CUFE, date, and the link to its PDF (a secret). */
export function invoiceDetails(row: Issued, url: string): MailDetail[] {
  const code = row.kind === 'invoice' ? 'CUFE' : 'CUDE';
  return [
    [row.kind === 'invoice' ? 'Factura electrónica' : 'Nota crédito', row.number ?? ''],
    [code, row.cufe ?? ''],
    ...(row.issued_at ? ([['Fecha de expedición', formatColombianDateTime(row.issued_at)]] as MailDetail[]) : []),
    [row.kind === 'invoice' ? 'Factura (PDF)' : 'Nota crédito (PDF)', url, SECRET],
  ];
}

/**
 * The buyer's invoice or credit note, once DIAN validated it, when the sale's receipt went out without it. Fixed text and
 * our own data (the address was never verified); the PDF link carries its own token.
 */
export function invoiceIssuedMail(
  _ctx: Pick<ApiContext, 'settings'>,
  sale: Sale,
  row: Issued,
  url: string,
  invoiceNumber: string | null,
): OutgoingMail {
  const invoice = row.kind === 'invoice';
  return renderMail({
    to: sale.email,
    subject: invoice ? `Tu factura electrónica ${row.number ?? ''}` : `Nota crédito ${row.number ?? ''} de tu factura`,
    greeting: 'Hola:',
    paragraphs: invoice
      ? [
          `Esta es la factura electrónica de tu inscripción en ${sale.course_title}, validada por la DIAN.`,
          'Descárgala desde el enlace: es tuya y no necesitas cuenta para abrirla. También la encuentras en Mis Cursos.',
        ]
      : [
          `Como el pago de tu inscripción en ${sale.course_title} fue devuelto, emitimos una nota crédito que anula ${invoiceNumber ? `la factura ${invoiceNumber}` : 'su factura'}, validada por la DIAN.`,
          'Guárdala junto con la factura: es el soporte de la devolución.',
        ],
    details: [['Curso', sale.course_title], ['Módulo', sale.module_name], ['Valor', formatCOP(row.total)], ...invoiceDetails(row, url)],
  });
}
