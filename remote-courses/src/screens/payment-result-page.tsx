import '../state/enrolment-slice';
import { resultHeading } from '../texts';
import { PageFrame } from 'shared/ui/page-frame';

/** PaymentResult screen (route table in shared/routes). */
export default function PaymentResultPage({ result = '' }: { result?: string }) {
  return (
    <PageFrame title={resultHeading[result] ?? 'Resultado del pago'}>
      <p className="lead">Estamos consultando el estado de tu pago con la pasarela.</p>
    </PageFrame>
  );
}
