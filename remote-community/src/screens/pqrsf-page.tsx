import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Pqrsf screen (route table in shared/routes). */
export default function PqrsfPage() {
  return (
    <PageFrame title="PQRSF">
      <p className="lead">
        Radica tu petición, queja, reclamo, solicitud o felicitación. Te daremos un número de radicado para consultar su estado.
      </p>
    </PageFrame>
  );
}
