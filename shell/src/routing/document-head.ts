import { useEffect } from 'react';
import { site } from 'shared/foundation/site';
import { notFoundTitle, routeTitle } from 'shared/routes';
import { isStaffPath } from 'shared/staff-routes';
import { matchRoute } from '../../../site/routes';

function setMeta(selector: string, create: () => HTMLElement, apply: (el: HTMLElement) => void) {
  let el = document.head.querySelector<HTMLElement>(selector);
  if (!el) {
    el = create();
    document.head.appendChild(el);
  }
  apply(el);
}

/** Keeps title, description and canonical in step with the route after client navigation (the server sets them first). */
export function useDocumentHead(pathname: string) {
  useEffect(() => {
    // The panel titles its own pages (shell/src/staff) and is never indexed.
    if (isStaffPath(pathname)) return;
    const route = matchRoute(pathname);
    document.title = route ? routeTitle(route) : notFoundTitle;
    const description = route?.description ?? site.defaultDescription;
    setMeta(
      'meta[name="description"]',
      () => Object.assign(document.createElement('meta'), { name: 'description' }),
      (el) => el.setAttribute('content', description),
    );
    const canonical = document.head.querySelector('link[rel="canonical"]');
    if (route?.canonical) {
      setMeta(
        'link[rel="canonical"]',
        () => Object.assign(document.createElement('link'), { rel: 'canonical' }),
        (el) => el.setAttribute('href', new URL(route.canonical!, window.location.origin).href),
      );
    } else {
      canonical?.remove();
    }
  }, [pathname]);
}
