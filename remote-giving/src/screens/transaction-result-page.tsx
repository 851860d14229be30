import '../state/payment-flow-slice';
import { PaymentResult } from 'shared/ui/payment-result';
import { donationResultTexts } from '../texts';

/** Generic transaction result pages /success, /failure, /pending (spec §2): the shared result screen, for donations. */
export default function TransactionResultPage({ result = 'success' }: { result?: string }) {
  return (
    <PaymentResult
      result={result}
      apiBase="/api/giving"
      texts={donationResultTexts}
      successLink={{ to: '/', label: 'Volver al inicio' }}
      failureLink={{ to: '/contribuciones#dona-aqui', label: 'Volver a donar' }}
    />
  );
}
