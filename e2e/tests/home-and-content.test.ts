import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'playwright-core';
import { site } from 'shared/foundation/site';
import { axeViolations } from '../support/axe';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';

const activeSlideLabel = (page: Page) =>
  page.locator('.home-carousel [aria-roledescription="slide"]:not([aria-hidden])').getAttribute('aria-label');

describe('home page carousel', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('has 5 slides and advances by itself after 5 s', async () => {
    const { page, context, errors } = await openPage(browser);
    await page.goto('/');
    await waitForHeading(page, /Formamos talento/);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    assert.equal(await carousel.count(), 1);
    assert.equal(await carousel.locator('[aria-roledescription="slide"]').count(), 5);
    assert.match((await activeSlideLabel(page)) ?? '', /^1 de 5/);
    // The pointer must not rest on the carousel, which would pause it.
    await page.mouse.move(0, 0);
    await page.waitForTimeout(4_000);
    assert.match((await activeSlideLabel(page)) ?? '', /^1 de 5/, 'todavía no han pasado 5 s');
    await page.waitForTimeout(1_600);
    assert.match((await activeSlideLabel(page)) ?? '', /^2 de 5/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it('the pause control stops the rotation; arrows and dots still move it, wrapping around', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await waitForHeading(page, /Formamos talento/);
    await page.getByRole('button', { name: 'Pausar la rotación' }).click();
    await page.getByRole('button', { name: 'Reanudar la rotación' }).waitFor();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 1, y: 600 } }); // focus leaves the carousel
    await page.waitForTimeout(6_000);
    assert.match((await activeSlideLabel(page)) ?? '', /^1 de 5/);
    await page.getByRole('button', { name: 'Diapositiva anterior' }).click();
    assert.match((await activeSlideLabel(page)) ?? '', /^5 de 5/);
    await page.getByRole('button', { name: 'Diapositiva siguiente' }).click();
    assert.match((await activeSlideLabel(page)) ?? '', /^1 de 5/);
    await page.getByRole('button', { name: 'Diapositiva 3 de 5' }).click();
    assert.match((await activeSlideLabel(page)) ?? '', /^3 de 5/);
    assert.equal(await page.getByRole('button', { name: 'Diapositiva 3 de 5' }).getAttribute('aria-current'), 'true');
    await context.close();
  });

  it('does not move under prefers-reduced-motion', async () => {
    const { page, context } = await openPage(browser, { reducedMotion: 'reduce' });
    await page.goto('/');
    await waitForHeading(page, /Formamos talento/);
    await page.mouse.move(0, 0);
    await page.waitForTimeout(6_000);
    assert.match((await activeSlideLabel(page)) ?? '', /^1 de 5/);
    await page.getByRole('button', { name: 'Reanudar la rotación' }).waitFor();
    await context.close();
  });

  it('shows projects, benefits, the testimonial, the goals and the allies', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    await waitForHeading(page, /Formamos talento/);
    for (const name of [
      'Nuestros proyectos',
      'Por qué formarte con nosotros',
      'Testimonio',
      'Objetivos de Desarrollo Sostenible',
      'Nuestros aliados',
    ]) {
      await page.getByRole('heading', { level: 2, name }).waitFor();
    }
    assert.equal(await page.locator('#testimonio blockquote').count(), 1);
    assert.equal(await page.locator('.ods-tile').count(), 4);
    await context.close();
  });
});

describe('content pages', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  it('/nosotros and /about-us have who we are, mission and vision', async () => {
    const { page, context } = await openPage(browser);
    for (const path of ['/nosotros', '/about-us']) {
      await page.goto(path);
      await waitForHeading(page, 'Nosotros');
      for (const id of ['quienes-somos', 'mision', 'vision']) assert.equal(await page.locator(`#${id} h2`).count(), 1, `${path}#${id}`);
      assert.equal(await page.getByText('Error cargando la información').count(), 0);
    }
    await context.close();
  });

  it('/ods shows the four goals with their lines', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/ods');
    await waitForHeading(page, 'Objetivos de Desarrollo Sostenible');
    const titles = await page.locator('.ods-item h2').allTextContents();
    assert.deepEqual(
      titles.map((t) => t.replace(/^ODS\s*/, '').trim()),
      [
        '4 Educación de calidad',
        '8 Trabajo decente y crecimiento económico',
        '10 Reducción de las desigualdades',
        '17 Alianzas para lograr los objetivos',
      ],
    );
    for (const item of await page.locator('.ods-item').all()) assert.ok((await item.locator('li').count()) >= 2);
    await context.close();
  });

  it('/eco-turismo: values, three services rated 4 of 5 and the booking link', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/eco-turismo');
    await waitForHeading(page, 'Ecoturismo en Boyacá');
    assert.equal(await page.locator('.value-icons > li').count(), 3);
    const cards = page.locator('.activity-card');
    assert.equal(await cards.count(), 3);
    for (const name of ['Alquiler de casa rural', 'Caminatas ecológicas guiadas', 'Cabalgatas']) {
      await cards.getByRole('heading', { name }).waitFor();
    }
    assert.equal(await page.getByRole('img', { name: 'Calificación: 4 de 5 estrellas' }).count(), 3);
    const booking = page.getByRole('link', { name: /RESERVA AHORA/ });
    if (site.bookingUrl) {
      assert.equal(await booking.first().getAttribute('href'), site.bookingUrl);
      assert.equal(await booking.first().getAttribute('target'), '_blank');
    } else {
      // Pending in the foundation's data: no button to a made-up address; the closing call offers the e-mail (#17).
      assert.equal(await booking.count(), 0);
      await page.locator('.cta-band').getByRole('link', { name: site.contact.email }).waitFor();
    }
    await context.close();
  });

  it('/blog: the search filters the cards and "Me gusta" counts up', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/blog');
    await waitForHeading(page, 'Blog');
    const cards = page.locator('.post-card');
    const total = await cards.count();
    assert.ok(total >= 2);
    const search = page.getByRole('searchbox', { name: 'Buscar artículos' });
    await search.fill('tecnologia software');
    assert.equal(await cards.count(), 1);
    await cards.getByRole('heading', { name: /Aprender desarrollo de software/ }).waitFor();
    await search.fill('zzzz');
    assert.equal(await cards.count(), 0);
    await page.getByText('No encontramos artículos').waitFor();
    await search.fill('');
    assert.equal(await cards.count(), total);

    const card = cards.filter({ hasText: 'Aprender desarrollo de software' });
    const like = card.getByRole('button', { name: /Me gusta/ });
    assert.equal(await card.locator('.like-count').textContent(), '0');
    await like.click();
    await like.click();
    await like.click();
    assert.equal(await card.locator('.like-count').textContent(), '3');
    await card.getByRole('link', { name: /Leer más/ }).click();
    await waitForHeading(page, /Aprender desarrollo de software/);
    // Each card opens its post (#28: the posts are published from the panel); the article keeps its own address.
    assert.equal(new URL(page.url()).pathname, '/blog/software-para-el-futuro');
    await context.close();
  });

  it("/software-para-el-futuro states the article's figures", async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/software-para-el-futuro');
    await waitForHeading(page, /Aprender desarrollo de software/);
    const text = (await page.locator('main').textContent()) ?? '';
    assert.match(text, /11\s?%/);
    assert.match(text, /\$2M – \$4M/);
    assert.match(text, /6 meses/);
    await context.close();
  });

  it('/Documents-esal lists the documents as external links and the transparency items', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/Documents-esal');
    await waitForHeading(page, 'Documentos ESAL');
    const links = page.locator('.doc-card a');
    // A document the foundation has not published yet has no link (shared/src/config/site.ts).
    assert.equal(await links.count(), site.esal.documents.filter((d) => d.url).length);
    for (const link of await links.all()) assert.equal(await link.getAttribute('target'), '_blank');
    const terms = await page.locator('.transparency dt').allTextContents();
    for (const t of [
      'Nombre o razón social',
      'NIT',
      'Actividad meritoria',
      'Reinversión de excedentes',
      'Directivos y representante legal',
      'Donaciones recibidas y su destino',
      'Informe anual de resultados',
      'Estados financieros',
    ]) {
      assert.ok(terms.includes(t), t);
    }
    await context.close();
  });

  it("privacy policy and terms are the site's own documents", async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/politica-de-privacidad');
    await waitForHeading(page, 'Política de privacidad');
    const privacy = (await page.locator('main').textContent()) ?? '';
    for (const needle of [
      'Ley 1581 de 2012',
      'Decreto 1377 de 2013',
      site.nit ?? 'NIT: Dato por confirmar',
      'Conocer',
      'Actualizar',
      'rectificar',
      'Suprimir',
      'Vigente desde',
    ]) {
      assert.ok(privacy.includes(needle), needle);
    }
    await page.goto('/terminos-y-condiciones');
    await waitForHeading(page, 'Términos y condiciones');
    await page.getByRole('heading', { name: /Retracto/ }).waitFor();
    await context.close();
  });

  it('home page head carries Open Graph tags, schema.org NGO data, favicon and manifest', async () => {
    const { page, context } = await openPage(browser);
    await page.goto('/');
    const head = await page.evaluate(() => ({
      ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute('content'),
      ogImage: document.querySelector('meta[property="og:image"]')?.getAttribute('content'),
      ld: document.querySelector('script[type="application/ld+json"]')?.textContent,
      icon: document.querySelector('link[rel="icon"]')?.getAttribute('href'),
      manifest: document.querySelector('link[rel="manifest"]')?.getAttribute('href'),
    }));
    assert.equal(head.ogTitle, site.name);
    assert.ok(head.ogImage);
    assert.equal(JSON.parse(head.ld ?? '{}')['@type'], 'NGO');
    for (const href of [head.icon, head.manifest, head.ogImage]) {
      const res = await page.request.get(new URL(href ?? '', page.url()).href);
      assert.equal(res.status(), 200, href ?? '');
    }
    await context.close();
  });
});

describe('accessibility (axe-core, WCAG 2.x A/AA)', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  // Remote routes are checked by their frame (header, footer, page-hero); their own wording belongs to other teams.
  const pages: [string, string | RegExp | undefined][] = [
    ['/', /Formamos talento/],
    ['/nosotros', 'Nosotros'],
    ['/ods', 'Objetivos'],
    ['/eco-turismo', 'Ecoturismo'],
    ['/blog', 'Blog'],
    ['/software-para-el-futuro', /Aprender desarrollo/],
    ['/Documents-esal', 'Documentos ESAL'],
    ['/politica-de-privacidad', 'Política de privacidad'],
    ['/terminos-y-condiciones', 'Términos y condiciones'],
    ['/contribuciones', undefined],
    ['/desarrollo-software', undefined],
  ];

  for (const width of [1366, 390]) {
    it(`reports no violations at ${width} px`, async () => {
      const { page, context } = await openPage(browser, { width, reducedMotion: 'reduce' });
      const found: string[] = [];
      for (const [path, heading] of pages) {
        await page.goto(path);
        await waitForHeading(page, heading);
        // Let the footer's lazy newsletter form arrive, so it is checked too.
        await page.locator('footer.site-footer').scrollIntoViewIfNeeded();
        await page.locator('footer.site-footer input[name="email"]').waitFor({ timeout: 10_000 });
        for (const v of await axeViolations(page)) found.push(`${path}: ${v}`);
      }
      assert.deepEqual(found, []);
      await context.close();
    });
  }
});
