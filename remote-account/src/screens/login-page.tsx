import '../state/account-ui-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Login screen (route table in shared/routes). */
export default function LoginPage() {
  return (
    <PageFrame title="Ingresa">
      <p className="lead">Ingresa con tu correo electrónico y tu contraseña para ver tus cursos.</p>
    </PageFrame>
  );
}
