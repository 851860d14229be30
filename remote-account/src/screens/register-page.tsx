import '../state/account-ui-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Register screen (route table in shared/routes). */
export default function RegisterPage() {
  return (
    <PageFrame title="Regístrate">
      <p className="lead">Crea tu cuenta para gestionar tus cursos y certificados.</p>
    </PageFrame>
  );
}
