import '../state/enrolment-slice';
import '../courses.css';
import { PaymentResult } from 'shared/ui/payment-result';
import { AccountFromPayment } from '../account-from-payment';

/** Payment result pages /pago/exitoso, /pago/error, /pago/pendiente (spec §2, §4, §8): the shared result screen. */
export default function PaymentResultPage({ result = 'success' }: { result?: string }) {
  return (
    <PaymentResult
      result={result}
      apiBase="/api/courses"
      successLink={{ to: '/mis-cursos', label: 'Ir a Mis Cursos' }}
      failureLink={{ to: '/#proyectos', label: 'Ver Otros Cursos' }}
    >
      {(payment) => <AccountFromPayment payment={payment} />}
    </PaymentResult>
  );
}
