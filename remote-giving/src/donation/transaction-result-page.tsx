import './payment-flow-slice';
import type { DonationPaymentStatusResponse } from './status-schemas';
import { PaymentResult, type ReceiptLine } from 'shared/ui/payment-result';
import { useCallback } from 'react';
import { useOperationCall } from 'shared/api/use-operation';
import type { PaymentStatusRequest } from 'shared/payments/schemas';
import { donationOperations } from './operations';
import { donationResultTexts } from '../texts';

const paths = { success: '/success', failure: '/failure', pending: '/pending' };

/** What the payment paid for: a donation (the server's title for it). */
const describe = (payment: DonationPaymentStatusResponse): ReceiptLine[] => [['Concepto', payment.title]];

const backToDonations = () => ({ to: '/contribuciones', label: 'Volver a Donaciones' });

/** Generic transaction result pages /success, /failure, /pending (spec §2): the shared result screen, for donations. */
export default function TransactionResultPage({ result = 'success' }: { result?: string }) {
  const paymentStatus = useOperationCall(donationOperations.paymentStatus);
  const checkStatus = useCallback((body: PaymentStatusRequest) => paymentStatus({ body }), [paymentStatus]);
  return (
    <PaymentResult
      result={result}
      paths={paths}
      checkStatus={checkStatus}
      describe={describe}
      texts={donationResultTexts}
      successLink={{ to: '/', label: 'Volver al inicio' }}
      failureLink={{ to: '/contribuciones#dona-aqui', label: 'Volver a donar' }}
      backLink={backToDonations}
    />
  );
}
