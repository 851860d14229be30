import '../state/enrolment-slice';
import '../courses.css';
import { useCallback } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import { formatLongDate } from 'shared/format/dates';
import { publicCohortTexts as cohortTexts } from '../cohorts/public-schemas';
import type { CoursePaymentStatusResponse } from './schemas';
import type { PaymentStatusRequest } from 'shared/payments/schemas';
import { PaymentResult, type ReceiptLine } from 'shared/ui/payment-result';
import { AccountFromPayment } from './account-from-payment';
import { coursePaymentsOperations as ops } from './operations';
import { FINAL_PAYMENT_STATUSES, forgetStudentData } from '../enrolment/payment-storage';

/** A rejected or cancelled payment ends the need for the stored student data (approved ones go through the account step). */
const forgetWhenFinal = (payment: CoursePaymentStatusResponse) => {
  if (payment.status !== 'approved' && FINAL_PAYMENT_STATUSES.has(payment.status)) forgetStudentData();
};

const paths = { success: '/pago/exitoso', failure: '/pago/error', pending: '/pago/pendiente' };

/** What the payment paid for, as the enrolment record says. */
const describe = (payment: CoursePaymentStatusResponse): ReceiptLine[] => [
  ['Curso', payment.course_title],
  ['Módulo', payment.module_name],
  // The cohort's start date (#14); enrolments from before cohorts have none: the announcement, never a made-up date.
  ['Inicio de clases', payment.start_date ? formatLongDate(payment.start_date) : cohortTexts.noCohort],
];

const backToCourse = (payment: CoursePaymentStatusResponse) => ({ to: payment.course_url, label: 'Volver al curso' });

/** Payment result pages /pago/exitoso, /pago/error, /pago/pendiente (spec §2, §4, §8): the shared result screen. */
export default function PaymentResultPage({ result = 'success' }: { result?: string }) {
  const paymentStatus = useOperationCall(ops.paymentStatus);
  const checkStatus = useCallback((body: PaymentStatusRequest) => paymentStatus({ body }), [paymentStatus]);
  return (
    <PaymentResult
      result={result}
      paths={paths}
      checkStatus={checkStatus}
      describe={describe}
      successLink={{ to: '/mis-cursos', label: 'Ir a Mis Cursos' }}
      failureLink={{ to: '/#proyectos', label: 'Ver Otros Cursos' }}
      backLink={backToCourse}
      onConfirmed={forgetWhenFinal}
    >
      {(payment, claim) => <AccountFromPayment payment={payment} claim={claim} />}
    </PaymentResult>
  );
}
