import '../state/enrolment-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** LearnAndHelp screen (route table in shared/routes). */
export default function LearnAndHelpPage() {
  return (
    <PageFrame title="Aprende y ayuda">
      <p className="lead">
        Cuando aprendes con nosotros, ayudas a que otra persona también pueda formarse. Conoce las historias de éxito de nuestros
        estudiantes.
      </p>
    </PageFrame>
  );
}
