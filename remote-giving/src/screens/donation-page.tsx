import '../state/payment-flow-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Donation screen (route table in shared/routes). */
export default function DonationPage() {
  return (
    <PageFrame title="Dona aquí" anchorId="dona-aqui">
      <p className="lead">
        Tu donación en pesos colombianos financia la formación de personas en situación de vulnerabilidad. Elige un monto o escribe el tuyo.
      </p>
    </PageFrame>
  );
}
