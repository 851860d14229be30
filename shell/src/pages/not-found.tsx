import { AppLink } from 'shared/navigation';
import { notFoundMessage } from 'shared/routes';
import { ScreenReady } from '../routing/screen-ready';

export function NotFound() {
  return (
    <section className="container page">
      <ScreenReady />
      <h1>{notFoundMessage}</h1>
      <p className="lead">La página que buscas no existe o cambió de dirección.</p>
      <AppLink className="btn" to="/">
        Volver al inicio
      </AppLink>
    </section>
  );
}
