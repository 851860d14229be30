import '../state/enrolment-slice';
import '../courses.css';
import { PaymentResult, type CheckedPayment } from 'shared/ui/payment-result';
import { AccountFromPayment } from '../account-from-payment';
import { useCheckPaymentStatus } from '../api/check-payment-status';
import { FINAL_PAYMENT_STATUSES, forgetStudentData } from '../payment-storage';

/** A rejected or cancelled payment ends the need for the stored student data (approved ones go through the account step). */
const forgetWhenFinal = (payment: CheckedPayment) => {
  if (payment.status !== 'approved' && FINAL_PAYMENT_STATUSES.has(payment.status)) forgetStudentData();
};

/** Payment result pages /pago/exitoso, /pago/error, /pago/pendiente (spec §2, §4, §8): the shared result screen. */
export default function PaymentResultPage({ result = 'success' }: { result?: string }) {
  const checkStatus = useCheckPaymentStatus();
  return (
    <PaymentResult
      result={result}
      checkStatus={checkStatus}
      successLink={{ to: '/mis-cursos', label: 'Ir a Mis Cursos' }}
      failureLink={{ to: '/#proyectos', label: 'Ver Otros Cursos' }}
      onConfirmed={forgetWhenFinal}
    >
      {(payment, claim) => <AccountFromPayment payment={payment} claim={claim} />}
    </PaymentResult>
  );
}
