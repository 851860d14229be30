import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** PqrsfLookup screen (route table in shared/routes). */
export default function PqrsfLookupPage() {
  return (
    <PageFrame title="Consultar solicitud" anchorId="radicado">
      <p className="lead">Consulta el estado de tu PQRSF con el número de radicado y tu número de documento.</p>
    </PageFrame>
  );
}
