/** Driving the sandbox page as a person would: what they see, what they click, what they type. */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';

const WAIT = 60_000;

/** Waits until the page shows this text in the channel. */
export async function see(page: Page, text: string): Promise<void> {
  try {
    await page.locator('#messages').getByText(text, { exact: false }).first().waitFor({ timeout: WAIT });
  } catch (err) {
    const name = new URL(page.url()).searchParams.get('user') ?? 'page';
    await page.screenshot({ path: join(tmpdir(), `web-test-failed-${name}.png`) });
    throw new Error(`${name}'s page never showed "${text}" (screenshot in ${tmpdir()}): ${String(err)}`);
  }
}

/** The text of everything on the page a person could read (messages, channel list, forms). */
export function pageText(page: Page): Promise<string> {
  return page.locator('body').innerText();
}

/** Presses the newest enabled button with this label. */
export async function click(page: Page, label: string): Promise<void> {
  const button = page.locator('#messages button.btn:not([disabled])', { hasText: label }).last();
  await button.waitFor({ timeout: WAIT });
  await button.click();
}

/** Opens the newest menu whose box reads `placeholder` and picks an option. */
export async function choose(page: Page, placeholder: string, option: string): Promise<void> {
  const box = page.locator('.select-box', { hasText: placeholder }).last();
  await box.waitFor({ timeout: WAIT });
  await box.click();
  await box.locator('xpath=..').getByRole('option', { name: option, exact: true }).click();
}

/** Types into the message box (slash commands are typed as the scripts write them) and sends. */
export async function type(page: Page, text: string): Promise<void> {
  const input = page.locator('#composer-input');
  await input.fill(text);
  await input.press('Escape');
  await input.press('Enter');
  // The box empties once the command went through (the page's CSP allows no evaluated strings, so poll).
  for (const end = Date.now() + WAIT; (await input.inputValue()) !== '';) {
    if (Date.now() > end)
      throw new Error(`"${text}" was not sent: ${await page.locator('#toast').innerText()}`);
    await page.waitForTimeout(100);
  }
}

/** Waits for a page's last action to be done (its script line shown under the message box). */
export async function lastLine(page: Page, line: string): Promise<void> {
  await page.locator('#last-line', { hasText: line }).waitFor({ timeout: WAIT });
}
