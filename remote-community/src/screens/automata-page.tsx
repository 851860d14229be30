import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Automata screen (route table in shared/routes). */
export default function AutomataPage() {
  return (
    <PageFrame title="Automata: software a la medida">
      <p className="lead">Cada proyecto de software que nos contratas financia la formación de jóvenes en situación de vulnerabilidad.</p>
    </PageFrame>
  );
}
