import { site } from 'shared/foundation/site';
import { PUBLISHED_ELEMENT_ID, snapshotJson, type PublishedSnapshot } from 'shared/publishing/snapshot';
import { notFoundMessage, notFoundTitle, routeTitle } from 'shared/routes';
import type { RemoteName, SiteRoute } from '../../../site/routes';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/** Assets a remote's screen needs first: its entry, then the expose's own JS and CSS (from mf-manifest.json). */
export interface ScreenAssets {
  js: string[];
  css: string[];
}

export type PreloadLookup = (remote: RemoteName, screen: string) => ScreenAssets | null;

/** Home-page structured data (schema.org NGO), served as JSON (not executed), which the CSP allows. */
function homeStructuredData(origin: string): string {
  const data = {
    '@context': 'https://schema.org',
    '@type': 'NGO',
    name: site.name,
    url: origin,
    email: site.contact.email,
    // Data still pending in the foundation's configuration is left out, never published as a placeholder.
    ...(site.contact.phoneDisplay ? { telephone: site.contact.phoneDisplay } : {}),
    ...(site.contact.address ? { address: { '@type': 'PostalAddress', streetAddress: site.contact.address, addressCountry: 'CO' } } : {}),
    ...(site.social.some((s) => s.url) ? { sameAs: site.social.flatMap((s) => (s.url ? [s.url] : [])) } : {}),
    ...(site.nit ? { taxID: site.nit } : {}),
    logo: new URL('/icon-512.png', origin).href,
    image: new URL('/og-image.jpg', origin).href,
    description: site.defaultDescription,
    areaServed: { '@type': 'Country', name: 'Colombia' },
  };
  return `<script type="application/ld+json">${JSON.stringify(data).replace(/</g, '\\u003c')}</script>`;
}

/** The server's render of a page (ssr.ts): the markup inside #root and the stylesheets it needs before it paints. */
export interface RenderedBody {
  html: string;
  stylesheets: string[];
}

/** Builds the head tags for a route (or for the not-found page when route is undefined). */
export function headFor(
  route: SiteRoute | undefined,
  origin: string,
  preload: PreloadLookup,
  rendered?: RenderedBody | null,
  federation: readonly string[] = [],
): string {
  const title = route ? routeTitle(route) : notFoundTitle;
  const description = route?.description ?? site.defaultDescription;
  const tags = [
    `<title>${escapeHtml(title)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}" />`,
    `<meta property="og:title" content="${escapeHtml(title)}" />`,
    `<meta property="og:description" content="${escapeHtml(description)}" />`,
    `<meta property="og:site_name" content="${escapeHtml(site.name)}" />`,
    `<meta property="og:locale" content="es_CO" />`,
    `<meta property="og:type" content="website" />`,
    // One shared card image (1200×630, made for the site) for every page's link preview.
    `<meta property="og:image" content="${escapeHtml(new URL('/og-image.jpg', origin).href)}" />`,
    `<meta property="og:image:width" content="1200" />`,
    `<meta property="og:image:height" content="630" />`,
    `<meta property="og:image:alt" content="${escapeHtml(`${site.name}: formamos talento que transforma vidas`)}" />`,
    `<meta name="twitter:card" content="summary_large_image" />`,
  ];
  if (route?.canonical) {
    const href = new URL(route.canonical, origin).href;
    tags.push(`<link rel="canonical" href="${escapeHtml(href)}" />`, `<meta property="og:url" content="${escapeHtml(href)}" />`);
  }
  if (!route) tags.push('<meta name="robots" content="noindex" />');
  else if (route.noindex) tags.push('<meta name="robots" content="noindex, nofollow" />');
  if (route?.secretPath) tags.push('<meta name="referrer" content="no-referrer" />');
  // A server-rendered page paints with its stylesheets, before any script runs; its remote's files are hinted by
  // /boot.js after that paint (bootTag). A page left to the browser hints them at once.
  for (const href of rendered?.stylesheets ?? []) tags.push(`<link rel="stylesheet" href="${escapeHtml(href)}" />`);
  if (route && route.owner !== 'shell' && !rendered) {
    const assets = preload(route.owner, route.screen);
    const remote = escapeHtml(route.owner);
    for (const href of [...federation, ...(assets?.js ?? [])])
      tags.push(`<link rel="preload" as="script" href="${escapeHtml(href)}" data-remote="${remote}" />`);
    for (const href of assets?.css ?? []) tags.push(`<link rel="preload" as="style" href="${escapeHtml(href)}" data-remote="${remote}" />`);
  }
  if (route?.path === '/') tags.push(homeStructuredData(origin));
  return tags.join('\n    ');
}

/**
 * Fills the shell's index.html for one request: head tags and, when the server rendered the page, its markup in a
 * #root marked for hydration; otherwise an empty #root (the browser renders it) or the not-found message.
 */
export function renderDocument(
  template: string,
  route: SiteRoute | undefined,
  origin: string,
  preload: PreloadLookup,
  rendered?: RenderedBody | null,
  published?: PublishedSnapshot,
): string {
  // What the staff published, as the page was rendered with it (#28): the browser reads it before hydrating. JSON in a
  // data block (never executed, which the CSP allows), `<` escaped so no published text can close the element.
  const data = published ? `\n    <script type="application/json" id="${PUBLISHED_ELEMENT_ID}">${snapshotJson(published)}</script>` : '';
  const federation = federationFiles(template);
  const head = template
    .replace('<!--app-head-->', () => headFor(route, origin, preload, rendered, federation) + data)
    .replace(BOOT_TAG, (tag) => bootTag(tag, route, preload, rendered, federation));
  if (rendered) return head.replace('<div id="root"><!--app-body--></div>', () => `<div id="root" data-ssr="">${rendered.html}</div>`);
  const body = route ? '' : `<main class="container page"><h1>${escapeHtml(notFoundMessage)}</h1></main>`;
  return head.replace('<!--app-body-->', body);
}

/**
 * The template's start-up script (shell/src/index.html → shell/public/boot.js), its entry and the federation runtime's
 * files (a chunk the shell starts only when a remote is needed: they are hinted on a remote's route, with its files).
 */
const BOOT_TAG = /<script defer src="\/boot\.js" data-main="([^"]+)"(?: data-federation="([^"]*)")?><\/script>/;

/** The federation runtime's files as the template names them (this site's own paths only). */
function federationFiles(template: string): string[] {
  return (BOOT_TAG.exec(template)?.[2] ?? '').split(' ').filter((href) => /^\/(?!\/)[\w./-]+$/.test(href));
}

/**
 * A server-rendered page keeps /boot.js, told which remote files to hint once the page has painted; a page left to
 * the browser has nothing to show before its scripts, so it loads the entry directly.
 */
function bootTag(
  tag: string,
  route: SiteRoute | undefined,
  preload: PreloadLookup,
  rendered: RenderedBody | null | undefined,
  federation: readonly string[],
): string {
  const main = BOOT_TAG.exec(tag)?.[1] ?? '';
  if (!rendered) return `<script defer src="${main}"></script>`;
  const plain = `<script defer src="/boot.js" data-main="${main}"></script>`;
  if (!route || route.owner === 'shell') return plain;
  const assets = preload(route.owner, route.screen);
  const css = (assets?.css ?? []).filter((href) => !rendered.stylesheets.includes(href));
  const attrs = [
    `data-remote="${escapeHtml(route.owner)}"`,
    `data-preload-js="${escapeHtml([...federation, ...(assets?.js ?? [])].join(' '))}"`,
    ...(css.length ? [`data-preload-css="${escapeHtml(css.join(' '))}"`] : []),
  ];
  // A function, so a `$` in a file name is not read as a replacement pattern.
  return plain.replace('<script defer src="/boot.js"', () => `<script defer src="/boot.js" ${attrs.join(' ')}`);
}
