/**
 * A browser agent's observation written as an accessibility tree (src/context/accessibility.ts):
 * read as what the page says — its texts, its fields' values, the message a dialog shows — in
 * WebArena's bracketed notation and Playwright's ARIA snapshot; any other text is left as it is.
 */
import { describe, expect, it } from 'vitest';
import { accessibleText } from '../../../src/context/accessibility';
import { failureEvidence, plainOutput } from '../../../src/context/evidence';

const bracketed = [
  "[1] RootWebArea 'INV/2024/0042 - Ledger' focused: True",
  "\t[111] navigation ''",
  "\t\t[112] button 'Home'",
  "\t\t[118] link 'Invoicing'",
  "\t[200] main ''",
  "\t\t[504] textbox 'Customer' value='Kalnų pienas UAB'",
  "\t\t[507] textbox 'VAT number' value='LT100004512'",
  "\t\t[508] StaticText 'Total: 1,204.50 €'",
  "\t\t[900] dialog 'Validation Error'",
  "\t\t\t[902] StaticText 'The invoice date is in a locked period.'",
  "\t\t\t[905] button 'Close'",
  "\t\t[700] complementary 'Notes'",
  "\t\t\t[711] StaticText 'Never post to account 2410 without a second approver.'",
  'URL: http://ledger.example/invoices/42',
].join('\n');

const aria = [
  '- generic [ref=e1]:',
  '  - heading "Sign in" [level=1] [ref=e2]',
  '  - textbox "Email" [ref=e3]: qa@example.com',
  '  - textbox "Password" [ref=e4]',
  '  - alert [ref=e5]: Invalid email or password',
  '  - button "Sign in" [ref=e6]',
  '  - link "Forgot password?" [ref=e7]',
].join('\n');

describe('an accessibility tree', () => {
  it('is read as the texts, field values and messages of the page, without its buttons and links', () => {
    expect(accessibleText(bracketed)).toBe(
      [
        'Page: INV/2024/0042 - Ledger',
        'Customer: Kalnų pienas UAB',
        'VAT number: LT100004512',
        'Total: 1,204.50 €',
        'dialog "Validation Error": The invoice date is in a locked period.',
        'Never post to account 2410 without a second approver.',
        'URL: http://ledger.example/invoices/42',
      ].join('\n'),
    );
    expect(accessibleText(aria)).toBe(
      ['Sign in', 'Email: qa@example.com', 'alert: Invalid email or password'].join('\n'),
    );
  });

  it("gives the failure a page's dialog or alert shows as evidence; other text is no tree", () => {
    expect(failureEvidence(bracketed, {})).toEqual([
      'dialog "Validation Error": The invoice date is in a locked period.',
    ]);
    expect(failureEvidence(aria, {})).toEqual(['alert: Invalid email or password']);
    const log = 'src/a.ts:12:5 - error TS2322\n- item one\n- item two\n[1] first\n[2] second';
    expect(accessibleText(log)).toBeUndefined();
    expect(plainOutput(log).text).toBe(log);
  });
});
