import '../state/payment-flow-slice';
import { resultHeading } from '../texts';
import { PageFrame } from 'shared/ui/page-frame';

/** TransactionResult screen (route table in shared/routes). */
export default function TransactionResultPage({ result = '' }: { result?: string }) {
  return (
    <PageFrame title={resultHeading[result] ?? 'Resultado de la transacción'}>
      <p className="lead">Estamos consultando el estado de tu transacción con la pasarela de pagos.</p>
    </PageFrame>
  );
}
