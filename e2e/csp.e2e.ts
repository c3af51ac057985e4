import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeacher, openBrowser, sharedServer, signInThroughForm, type TestTeacher } from './harness';

/**
 * The built app runs under the server's Content-Security-Policy (docs/security.md, "Headers"):
 * no `securitypolicyviolation` event and no CSP console error from the login page through
 * sign-in to the homework list and the class screens.
 */
const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let teacher: TestTeacher;

beforeAll(async () => {
  teacher = await createTeacher(server, { prefix: 'csp', nickname: '山田 花子' });
  browser = await openBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('content security policy', () => {
  it('the app loads, signs in and shows its screens without a CSP violation', async () => {
    const { page } = browser;
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(`console: ${m.text()}`);
    });
    await page.exposeFunction('reportCspViolation', (v: string) => violations.push(v));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => {
        (window as unknown as { reportCspViolation(v: string): void }).reportCspViolation(
          `${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`,
        );
      });
    });

    const res = await page.goto(`${server.url}/`);
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    await page.waitForURL(/#\/login$/);
    await expect.poll(() => page.getByRole('button', { name: 'ログイン' }).isVisible()).toBe(true);
    await signInThroughForm(page, teacher.loginId, teacher.password);
    await page.waitForURL(/#\/homework-management$/);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('山田 花子');
    await page.goto(`${server.url}/#/grades`);
    await page.waitForLoadState('networkidle');
    await page.goto(`${server.url}/#/person`);
    await page.waitForLoadState('networkidle');
    expect(violations).toEqual([]);
  });
});
