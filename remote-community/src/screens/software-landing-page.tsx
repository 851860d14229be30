import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** SoftwareLanding screen (route table in shared/routes). */
export default function SoftwareLandingPage() {
  return (
    <PageFrame title="Software a la medida">
      <p className="lead">Desarrollamos el software que tu negocio necesita mientras formamos a jóvenes programadores.</p>
    </PageFrame>
  );
}
