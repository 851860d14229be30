import '../state/submissions-slice';
import { PageFrame } from 'shared/ui/page-frame';

/** Ally screen (route table in shared/routes). */
export default function AllyPage() {
  return (
    <PageFrame title="Empresas aliadas" anchorId="registra-tu-empresa">
      <p className="lead">Registra tu empresa como aliada y ayúdanos a conectar talento formado con oportunidades reales.</p>
    </PageFrame>
  );
}
