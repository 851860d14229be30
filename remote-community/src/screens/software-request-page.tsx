import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** SoftwareRequest screen (route table in shared/routes). */
export default function SoftwareRequestPage() {
  return (
    <PageFrame title="Solicita tu software">
      <p className="lead">Déjanos tu correo, tu teléfono y tu nombre; te contactaremos para conocer tu idea.</p>
    </PageFrame>
  );
}
