import '../state/account-ui-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** ConfirmEmail screen (route table in shared/routes). */
export default function ConfirmEmailPage() {
  return (
    <PageFrame title="Confirma tu correo">
      <p className="lead">Escribe el código de 6 dígitos que enviamos a tu correo electrónico para activar tu cuenta.</p>
    </PageFrame>
  );
}
