import 'shared/ui/staff/screens.css';
import './today.css';
import { listInWords } from 'shared/format/words';
import { AppLink } from 'shared/navigation';
import type { TodayTone } from 'shared/today/schemas';
import { ResourceState } from 'shared/ui/staff/resource';
import { NewCaseNotices } from './new-case-notices';
import { todayFailed, useSharedToday, useToday, type TodayResource } from './today-data';
import { todayDomains as siteTodayDomains, type TodayDomain } from '../../../site/staff-routes';

export const staffTodayTexts = {
  title: 'Hoy',
  intro: 'Lo que espera y lo urgente en tus secciones del panel, según tus roles. Cada línea lleva a la lista que lo muestra.',
  loading: 'Revisando lo pendiente…',
  failed: todayFailed,
  refresh: 'Actualizar',
  groups: {
    mine: 'Mis casos',
    urgent: 'Urgente',
    waiting: 'Por atender',
    info: 'Para tener en cuenta',
  },
  allDone: 'Nada pendiente en tus secciones. ¡Todo al día!',
  partial: (areas: string) => `No pudimos revisar lo de ${areas}. Lo demás está al día en esta página.`,
} as const;
const t = staffTodayTexts;

/** /equipo/hoy, the panel's home: what waits and what is urgent in the member's sections, across every domain. */
/** Which group an item goes in: past or near a legal term, waiting for someone, or only to know. */
const groupOf: Record<TodayTone, keyof typeof t.groups> = {
  mio: 'mine',
  vencido: 'urgent',
  pronto: 'urgent',
  pendiente: 'waiting',
  info: 'info',
};

/** In the panel's frame, the frame's answers (its menu counts them); alone, its own. */
export default function StaffToday() {
  const shared = useSharedToday();
  return shared ? <TodayView resource={shared} /> : <TodayScreen domains={siteTodayDomains} />;
}

/** The page asking the domains itself. */
export function TodayScreen({ domains }: { domains: readonly TodayDomain[] }) {
  return <TodayView resource={useToday(domains, t)} />;
}

function TodayView({ resource }: { resource: TodayResource }) {
  const view = resource.data;
  // "Mis casos" stays at zero too: it is the member's way to their own cases (#32), listed to the kinds' teams only.
  const shown = view?.items.filter((i) => i.count > 0 || i.tone === 'mio') ?? [];
  const pending = shown.some((i) => i.count > 0);
  const groups = (Object.keys(t.groups) as Array<keyof typeof t.groups>)
    .map((g) => ({ g, items: shown.filter((i) => groupOf[i.tone] === g) }))
    .filter(({ items }) => items.length > 0);

  return (
    <section className="staff-screen" aria-labelledby="hoy-titulo">
      <header className="staff-today__header">
        <div>
          <h1 id="hoy-titulo">{t.title}</h1>
          <p className="staff-screen__intro">{t.intro}</p>
        </div>
        {view ? (
          <button type="button" className="btn btn--ghost" onClick={() => void resource.refresh()}>
            {t.refresh}
          </button>
        ) : null}
      </header>
      <ResourceState resource={resource} loading={t.loading} />
      {view?.failed.length ? (
        <p className="form-message form-message--error" role="alert">
          {t.partial(listInWords(view.failed))}
        </p>
      ) : null}
      {view && !pending && !view.failed.length ? <p className="staff-empty">{t.allDone}</p> : null}
      {groups.map(({ g, items }) => (
        <section key={g} aria-labelledby={`hoy-${g}`} className="staff-today__group">
          <h2 id={`hoy-${g}`}>{t.groups[g]}</h2>
          <ul className="staff-today__list">
            {items.map((item) => (
              <li key={item.key} className={`staff-today__item staff-today__item--${item.tone}`}>
                <AppLink to={item.href}>{item.label}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      ))}
      <NewCaseNotices />
    </section>
  );
}
