import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Volunteer screen (route table in shared/routes). */
export default function VolunteerPage() {
  return (
    <PageFrame title="Voluntariado" anchorId="quiero-ser-voluntario">
      <p className="lead">Comparte tu tiempo y tus conocimientos: inscríbete como voluntario de la fundación.</p>
    </PageFrame>
  );
}
