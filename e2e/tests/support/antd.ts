import { expect, type Locator, type Page } from '@playwright/test';

/**
 * The console's dialogs, pop-confirms and drop-downs come in through antd's motion: placed off
 * screen until aligned, then animated, carrying `<motion>-appear` / `<motion>-enter` classes until
 * the animation has ended. A press in that time can miss (a loaded CI run lost a confirm's OK and
 * a select's option so), so the journeys wait for those classes to go before they press.
 */
const COMING_IN = /(^|\s)ant-[\w-]+-(appear|enter)(\s|$)/;

/** Waits until an antd modal, confirm, popover or drop-down is shown and has finished coming in. */
export async function expectOpen(popup: Locator): Promise<void> {
  await expect(popup).toBeVisible();
  await expect(popup).not.toHaveClass(COMING_IN);
}

/**
 * The drop-down of an antd select (its combobox input, e.g. found by its label), once open: the
 * one holding the list the input controls, since closed drop-downs of other selects stay in the page.
 */
export async function selectDropdown(page: Page, select: Locator): Promise<Locator> {
  await expect(select).toHaveAttribute('aria-expanded', 'true');
  const list = await select.getAttribute('aria-controls');
  const dropdown = page.locator('.ant-select-dropdown').filter({ has: page.locator(`[id="${list}"]`) });
  await expectOpen(dropdown);
  return dropdown;
}

/**
 * Chooses an option of an antd select by its text: opens the select, types `search` into its
 * search when given, and clicks the option once the drop-down has come in and shows it. Returns
 * the drop-down, which a multiple select keeps open.
 */
export async function chooseOption(page: Page, select: Locator, option: string | RegExp, search?: string): Promise<Locator> {
  await select.click();
  if (search !== undefined) await select.fill(search);
  const dropdown = await selectDropdown(page, select);
  const item = dropdown.locator('.ant-select-item-option').filter({ hasText: option });
  await expect(item).toBeVisible();
  await item.click();
  return dropdown;
}

/** Presses a button of the open antd dialog (a confirm's OK) once the dialog has finished coming in. */
export async function pressInDialog(page: Page, name: string | RegExp): Promise<void> {
  const dialog = page.getByRole('dialog').filter({ has: page.getByRole('button', { name }) });
  await expectOpen(dialog);
  await dialog.getByRole('button', { name }).click();
}
