import '../state/account-ui-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** MisCursos screen (route table in shared/routes). */
export default function MisCursosPage() {
  return (
    <PageFrame title="Mis Cursos">
      <p className="lead">Aquí verás los cursos en los que estás inscrito y tus certificados de inscripción.</p>
    </PageFrame>
  );
}
