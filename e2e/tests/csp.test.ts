import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import { launchBrowser, openPage, waitForHeading } from '../support/browser';

/**
 * The site's CSP forbids eval and inline script/style. A library that probes for them anyway (zod's JIT check did)
 * is refused silently in the console but reported by the browser as a CSP issue, which Lighthouse counts against
 * best practices. Every form page is opened and submitted empty (validation runs) while the browser's issue stream
 * is watched.
 */
const formPages = ['/contribuciones', '/voluntarios', '/pqrsf', '/desarrollo-software/registro', '/register', '/login'];

describe('content security policy', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => browser.close());

  for (const path of formPages) {
    it(`${path} raises no CSP violation while loading and validating`, async () => {
      const { page, context } = await openPage(browser);
      const cdp = await context.newCDPSession(page);
      const violations: string[] = [];
      cdp.on('Audits.issueAdded', ({ issue }) => {
        if (issue.code !== 'ContentSecurityPolicyIssue') return;
        const d = issue.details.contentSecurityPolicyIssueDetails;
        violations.push(`${d?.violatedDirective} ${d?.contentSecurityPolicyViolationType} ${d?.sourceCodeLocation?.url ?? ''}`);
      });
      await cdp.send('Audits.enable');
      await page.goto(path);
      await waitForHeading(page);
      await page.locator('main form button[type="submit"]').first().click();
      await page.locator('main [aria-invalid="true"], main [role="alert"]').first().waitFor({ timeout: 10_000 });
      await page.waitForTimeout(300);
      assert.deepEqual(violations, []);
      await context.close();
    });
  }
});
