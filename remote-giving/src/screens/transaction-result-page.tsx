import '../state/payment-flow-slice';
import { PaymentResult } from 'shared/ui/payment-result';
import { useCheckPaymentStatus } from '../api/check-payment-status';
import { donationResultTexts } from '../texts';

/** Generic transaction result pages /success, /failure, /pending (spec §2): the shared result screen, for donations. */
export default function TransactionResultPage({ result = 'success' }: { result?: string }) {
  const checkStatus = useCheckPaymentStatus();
  return (
    <PaymentResult
      result={result}
      checkStatus={checkStatus}
      texts={donationResultTexts}
      successLink={{ to: '/', label: 'Volver al inicio' }}
      failureLink={{ to: '/contribuciones#dona-aqui', label: 'Volver a donar' }}
    />
  );
}
